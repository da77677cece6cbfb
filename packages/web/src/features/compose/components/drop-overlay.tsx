import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from '../../../shared/i18n/translation';

/** Shown while files are dragged over the composer. */
export function DropOverlay() {
  const { t } = useTranslation('compose');
  return (
    <Box
      sx={(theme) => ({
        position: 'absolute',
        inset: 8,
        zIndex: 2,
        pointerEvents: 'none',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        border: 2,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        borderRadius: 3,
        bgcolor: alpha(theme.palette.background.paper, 0.92),
        color: 'primary.main',
      })}
    >
      <AttachFileIcon fontSize="large" />
      <Typography>{t('attachments.drop')}</Typography>
    </Box>
  );
}
