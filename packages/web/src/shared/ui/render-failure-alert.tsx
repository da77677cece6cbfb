import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../i18n/translation';

/** A part of the page that failed to render: an alert titled errors.component.title / failedToRender, with a retry. */
export function RenderFailureAlert({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['errors', 'common'], { useSuspense: false });
  return (
    <Box
      sx={{
        flex: 1,
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'flex-start',
        p: { xs: 2, sm: 4 },
      }}
    >
      <Alert
        severity="error"
        sx={{ width: '100%', maxWidth: 520 }}
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
            {t('common:actions.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('component.title')}</AlertTitle>
        {t('failedToRender')}
      </Alert>
    </Box>
  );
}
