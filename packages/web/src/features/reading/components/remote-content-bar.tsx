import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../../../shared/i18n/translation';

export interface RemoteContentBarProps {
  /** The From address; without one only "show once" is offered. */
  sender: string | null;
  busy: boolean;
  onShowOnce: () => void;
  onAlwaysFromSender: () => void;
}

/** Remote images and styles were held back (external-content mode `ask`): show them once, or always from this sender. */
export function RemoteContentBar({ sender, busy, onShowOnce, onAlwaysFromSender }: RemoteContentBarProps) {
  const { t } = useTranslation('reading');
  const buttonSx = { minHeight: { xs: 48, sm: 32 }, whiteSpace: 'nowrap' } as const;
  return (
    <Alert
      severity="info"
      icon={<ImageNotSupportedOutlinedIcon fontSize="inherit" />}
      sx={{ mb: 2, alignItems: 'center', '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <Box component="span" sx={{ flex: '1 1 220px' }}>
          {t('remoteContent.hidden')}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button size="small" color="inherit" disabled={busy} onClick={onShowOnce} sx={buttonSx}>
            {t('remoteContent.showOnce')}
          </Button>
          {sender && (
            <Button
              size="small"
              color="inherit"
              disabled={busy}
              onClick={onAlwaysFromSender}
              sx={{ ...buttonSx, whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' }}
            >
              {t('remoteContent.alwaysFrom', { sender })}
            </Button>
          )}
        </Box>
      </Box>
    </Alert>
  );
}
