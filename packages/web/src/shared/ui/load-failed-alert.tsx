import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { reasonText } from '../api/error-text';
import { useTranslation } from '../i18n/translation';

export interface LoadFailedAlertProps {
  error: unknown;
  /** What the page says when the error carries no reason of its own. */
  fallback: string;
  retryLabel: string;
  onRetry: () => void;
}

/** A page whose data could not be read: why (the server's reason, else `fallback`) and a button to try again. */
export function LoadFailedAlert({ error, fallback, retryLabel, onRetry }: LoadFailedAlertProps) {
  const { t } = useTranslation('errors');
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {reasonText(error, t) ?? fallback}
    </Alert>
  );
}
