import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { productName } from '@webmail/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from '../shared/i18n/translation';

/**
 * The app-level failure: 'There was an error loading Webmail. Please try reloading the page', with a reload.
 * Never suspends (the catalogue may be what failed); without translations it shows the English fallback keys.
 */
export function AppErrorView() {
  const { t } = useTranslation(['errors', 'common'], { useSuspense: false });
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', p: 2 }}>
      <Alert
        severity="error"
        sx={{ maxWidth: 480 }}
        action={
          <Button color="inherit" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
            {t('common:actions.reload')}
          </Button>
        }
      >
        <AlertTitle>{t('app.title')}</AlertTitle>
        {t('app.loadFailed', { product: productName })}
      </Alert>
    </Box>
  );
}

/** The root route's error boundary: a route failed to load or render outside any area's own boundary. */
export function AppErrorPage() {
  const error = useRouteError();
  if (error) console.error(error);
  return <AppErrorView />;
}

/** Catches what fails outside the router (providers, the router itself). */
export class AppCrashBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <AppErrorView /> : this.props.children;
  }
}
