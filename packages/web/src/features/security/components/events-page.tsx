import { useSignInOptions } from '../../auth/api/get-sign-in-options';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import type { DeviceInfo } from '@webmail/contracts';
import { useState } from 'react';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { QueryFallback } from '../../../shared/ui/query-view';
import {
  useAccountSessions,
  useRevokeOtherSessions,
  useRevokeSession,
  useSecurityEvents,
} from '../api/account-security';

function useDeviceText() {
  const { t } = useTranslation('security');
  return (device: DeviceInfo) =>
    device.browser && device.os
      ? t('device.browserOn', { browser: device.browser, os: device.os })
      : (device.browser ?? device.os ?? t('device.unknown'));
}

/** The account's signed-in sessions, each with "sign out". */
function SessionsSection({ userIndex }: { userIndex: number }) {
  const dates = useDateFormat();
  const { t } = useTranslation('security');
  const sessions = useAccountSessions(userIndex);
  const revoke = useRevokeSession(userIndex);
  const revokeOthers = useRevokeOtherSessions(userIndex);
  const deviceText = useDeviceText();
  return (
    <Box component="section" aria-labelledby="sessions-title" sx={{ mb: 4 }}>
      <Typography id="sessions-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('sessions.title')}
      </Typography>
      {!sessions.data ? (
        <QueryFallback query={sessions} loadFailed={t('loadFailed')} />
      ) : (
        <List aria-label={t('sessions.title')}>
          {sessions.data.sessions.map((s) => (
            <ListItem
              key={s.id}
              disableGutters
              divider
              secondaryAction={
                s.current ? (
                  <Chip size="small" label={t('sessions.current')} />
                ) : (
                  <Button
                    size="small"
                    onClick={() => revoke.mutate(s.id)}
                    aria-label={t('sessions.signOutLabel', { device: deviceText(s.device) })}
                  >
                    {t('sessions.signOut')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={deviceText(s.device)}
                secondary={t('sessions.detail', { ip: s.ip, date: dates.full(new Date(s.lastActiveAt)) })}
                sx={{ pr: 12 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        sx={{ mt: 1 }}
        disabled={revokeOthers.isPending}
        onClick={() => revokeOthers.mutate()}
        aria-describedby="sign-out-others-help"
      >
        {t('sessions.signOutOthers')}
      </Button>
      <Typography id="sign-out-others-help" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('sessions.signOutOthersHelp')}
      </Typography>
    </Box>
  );
}

/**
 * Page Events (settings/security/events): the signed-in sessions, then the security log newest first — sign-ins of
 * every protocol, failures, two-factor, passkey, application password and password changes — merged per six hours
 * with a count, fifty to a page.
 */
export function EventsPage() {
  const dates = useDateFormat();
  const userIndex = useUserIndex();
  const { t } = useTranslation('security');
  const [page, setPage] = useState(0);
  const events = useSecurityEvents(userIndex, page);
  const deviceText = useDeviceText();
  // The configured identity provider, named beside its sign-ins.
  const provider = useSignInOptions()?.singleSignOn;
  const data = events.data;
  return (
    <Box sx={{ maxWidth: 760 }}>
      <SessionsSection userIndex={userIndex} />
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('events.title')}
      </Typography>
      {!data ? (
        <QueryFallback query={events} loadFailed={t('loadFailed')} />
      ) : data.events.length === 0 ? (
        <Typography variant="body2">{t('events.none')}</Typography>
      ) : (
        <List aria-label={t('events.title')}>
          {data.events.map((e) => (
            <ListItem key={e.id} disableGutters divider>
              <ListItemText
                primary={
                  <>
                    {t(`events.types.${e.type}`)}
                    {e.type === 'signInOidc' && provider ? ` (${provider})` : ''}
                    {e.count > 1 && (
                      <Chip size="small" label={t('events.count', { count: e.count })} sx={{ ml: 1 }} />
                    )}
                  </>
                }
                secondary={[
                  dates.full(new Date(e.lastAt)),
                  t(`protocols.${e.protocol}`),
                  e.ip || t('device.unknownIp'),
                  e.protocol === 'web' ? deviceText(e.device) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      {data && data.total > data.pageSize && (
        <Pagination
          count={Math.ceil(data.total / data.pageSize)}
          page={page + 1}
          onChange={(_, value) => setPage(value - 1)}
          sx={{ mt: 2 }}
        />
      )}
    </Box>
  );
}
