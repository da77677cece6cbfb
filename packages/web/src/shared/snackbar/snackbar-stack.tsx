import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../i18n/translation';
import type { SnackbarMessage, SnackbarType } from './snackbar-context';

const severity: Record<SnackbarType, AlertColor> = {
  error: 'error',
  attention: 'warning',
  success: 'success',
  info: 'info',
};

/** Renders the open snackbar messages bottom-left (bottom, full width on phones), newest last. */
export function SnackbarStack({
  messages,
  onClose,
}: {
  messages: SnackbarMessage[];
  onClose: (key: string) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 'auto' },
        maxWidth: { sm: 480 },
        pointerEvents: 'none',
      }}
    >
      {messages.map((message) => (
        <Slide key={message.key} direction="up" in mountOnEnter>
          <Alert
            variant="filled"
            severity={severity[message.type]}
            onClose={() => onClose(message.key)}
            slotProps={{ closeButton: { title: t('actions.close'), 'aria-label': t('actions.close') } }}
            sx={{
              pointerEvents: 'auto',
              boxShadow: 6,
              alignItems: message.actions.length > 0 ? 'flex-start' : 'center',
              '& .MuiAlert-message': { whiteSpace: 'pre-line' },
            }}
            action={
              message.actions.length > 0 ? (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  {message.actions.map((action) => (
                    <Button
                      key={action.label}
                      color="inherit"
                      size="small"
                      onClick={() => {
                        onClose(message.key);
                        action.onClick();
                      }}
                    >
                      {action.label}
                    </Button>
                  ))}
                </Stack>
              ) : undefined
            }
          >
            {message.message}
          </Alert>
        </Slide>
      ))}
    </Stack>
  );
}
