import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';
import type { SnackbarMessage, SnackbarType } from './snackbar-context';
import { useSnackbarLane } from './snackbar-lane';
import { snackbarSeverity } from './snackbar-message';

/** The error snackbar carries the alert icon; each type has its own. */
const icons: Record<SnackbarType, ReactNode> = {
  error: <ErrorOutlinedIcon fontSize="inherit" />,
  attention: <WarningAmberIcon fontSize="inherit" />,
  success: <CheckCircleOutlinedIcon fontSize="inherit" />,
  info: <InfoOutlinedIcon fontSize="inherit" />,
};

/**
 * Renders the open snackbar messages at the bottom centre (full width on phones), newest last: at most one that
 * closes by itself, beside any waiting for an action. While any is open the controls under them move up by their
 * height (`snackbarLane`).
 */
export function SnackbarStack({
  messages,
  onClose,
}: {
  messages: SnackbarMessage[];
  onClose: (key: string) => void;
}) {
  const { t } = useTranslation('common');
  const stack = useRef<HTMLDivElement>(null);
  useSnackbarLane(stack, messages.length > 0);
  return (
    <Stack
      ref={stack}
      data-snackbar-stack=""
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 24 },
        right: { xs: 8, sm: 24 },
        // Bottom centre from the tablet up, clear of the sidebar's contacts search and storage bar.
        mx: { sm: 'auto' },
        width: { sm: 'fit-content' },
        maxWidth: { sm: 480 },
        pointerEvents: 'none',
      }}
    >
      {messages.map((message) => (
        <Slide key={message.key} direction="up" in mountOnEnter>
          <Alert
            variant="filled"
            severity={snackbarSeverity[message.type]}
            icon={icons[message.type]}
            role={message.type === 'error' || message.type === 'attention' ? 'alert' : 'status'}
            data-snackbar-type={message.type}
            onClose={() => onClose(message.key)}
            slotProps={{ closeButton: { title: t('actions.close'), 'aria-label': t('actions.close') } }}
            sx={{
              pointerEvents: 'auto',
              boxShadow: 6,
              ...(message.color ? { bgcolor: message.color } : {}),
              alignItems: message.vertical ? 'flex-start' : 'center',
              '& .MuiAlert-message': { whiteSpace: 'pre-line', flex: 1, minWidth: 0 },
            }}
          >
            <Box sx={{ overflowWrap: 'anywhere' }}>{message.message}</Box>
            {message.vertical && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mt: 1, mr: -1, mb: -0.5 }}
              >
                {message.actions.map((action) => (
                  <Button
                    key={action.label}
                    size="small"
                    onClick={() => {
                      onClose(message.key);
                      action.onClick();
                    }}
                    sx={{ color: action.color ?? 'inherit', fontWeight: 600 }}
                  >
                    {action.label}
                  </Button>
                ))}
              </Stack>
            )}
          </Alert>
        </Slide>
      ))}
    </Stack>
  );
}
