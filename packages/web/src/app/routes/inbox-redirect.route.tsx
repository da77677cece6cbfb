import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useInboxFolder } from '../../features/mailboxes/api/get-mailbox-tree';
import { useTranslation } from '../../shared/i18n/translation';
import { folderHref } from '../../shared/routing/mail-hrefs';
import { signInPath } from '../../shared/session/session';
import { useUserIndex } from '../../shared/session/use-user-index';
import { useSnackbar } from '../../shared/snackbar/use-snackbar';
import { PaneLoader } from '../../shared/ui/pane-loader';

/**
 * Index of /u/:userIndex: goes to the inbox. Without one: the error snackbar 'no inbox found' and the
 * password sign-in.
 */
export function InboxRedirectRoute() {
  const userIndex = useUserIndex();
  const inbox = useInboxFolder(userIndex);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { t } = useTranslation(['mailboxes', 'common']);
  const missing = inbox.isSuccess && inbox.data === null;

  useEffect(() => {
    if (!missing) return;
    snackbar.show({ type: 'error', message: t('noInboxFound') });
    void navigate(signInPath(), { replace: true });
  }, [missing, navigate, snackbar, t]);

  if (inbox.data) return <Navigate to={folderHref(userIndex, inbox.data.id)} replace />;
  if (inbox.isError) {
    return (
      <Box sx={{ flex: 1, textAlign: 'center', py: 8 }}>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('sidebar.loadFailed')}</Typography>
        <Button variant="outlined" onClick={() => void inbox.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </Box>
    );
  }
  return <PaneLoader />;
}
