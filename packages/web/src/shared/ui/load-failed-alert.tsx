import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { reasonText } from '../api/error-text';
import { useTranslation } from '../i18n/translation';
import { PaneLoader } from './pane-loader';

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

/** The part of a TanStack query a page gates on. */
export interface PageQuery<T = unknown> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a page shows before its data is there: the error with Retry when reading failed (and nothing was read
 * before), the pane loader while reading; null once there is data.
 */
export function pageFallback(
  query: PageQuery,
  labels: { loadFailed: string; retry: string },
  loading: ReactNode = <PaneLoader />,
): ReactNode {
  if (query.isError && query.data === undefined) {
    return (
      <LoadFailedAlert
        error={query.error}
        fallback={labels.loadFailed}
        retryLabel={labels.retry}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return query.data === undefined ? loading : null;
}
