import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { useAutoreply } from '../api/filters';

/** Whether the auto-reply answers now or will later: on, and its end (if any) not passed. */
export const autoreplyActive = (reply: { status: boolean; end: string | null }, now = Date.now()) =>
  reply.status && (reply.end === null || Date.parse(reply.end) > now);

const startsLater = (start: string | null, now = Date.now()) => start !== null && Date.parse(start) > now;

/**
 * The mailbox's notice while the auto-reply is on ("starts on …" while its start is ahead), with a link to its
 * settings. The caller renders it only when the plan has auto-reply.
 */
export function AutoreplyBanner({ userIndex }: { userIndex: number }) {
  const { t } = useTranslation('filters');
  const format = useDateFormat();
  const reply = useAutoreply(userIndex).query.data;
  if (!reply || !autoreplyActive(reply)) return null;
  const ahead = startsLater(reply.start);
  return (
    <Alert
      severity="info"
      square
      sx={{ py: 0 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={appHref('Autoreply', { userIndex })}>
          {t('autoreply.bannerLink')}
        </Button>
      }
    >
      {ahead && reply.start
        ? t('autoreply.bannerStarts', { date: format.full(reply.start) })
        : t('autoreply.banner')}
    </Alert>
  );
}
