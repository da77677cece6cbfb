import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  applicationPasswordLimits,
  applicationPasswordScopes,
  type ApplicationPassword,
  type ApplicationPasswordScope,
} from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useDateFormat } from '../../../shared/format/format-date';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { QueryFallback } from '../../../shared/ui/query-view';
import { useAppPasswords, useCreateAppPassword, useDeleteAppPassword } from '../api/app-passwords';
import { AppPasswordDialog } from './app-password-dialog';
import { needsReauth, useReauthGate } from './reauth-dialog';

function useLastUseText() {
  const dates = useDateFormat();
  const { t } = useTranslation('security');
  return (item: ApplicationPassword) =>
    item.lastUse
      ? t('asps.lastUse', {
          date: dates.full(new Date(item.lastUse.at)),
          ip: item.lastUse.ip,
          protocol: t(`protocols.${item.lastUse.protocol}`),
        })
      : t('asps.neverUsed');
}

/**
 * Page ApplicationPasswords (settings/security/asps): passwords for mail apps (IMAP, POP3, SMTP), each shown once in
 * groups of four letters, listed with their last use; the only way in for mail apps while two-factor sign-in is on.
 */
export function AppPasswordsPage() {
  const dates = useDateFormat();
  const userIndex = useUserIndex();
  const { t } = useTranslation('security');
  const { t: tErrors } = useTranslation('errors');
  const list = useAppPasswords(userIndex);
  const create = useCreateAppPassword(userIndex);
  const remove = useDeleteAppPassword(userIndex);
  const { guard, dialog } = useReauthGate(userIndex);
  const lastUseText = useLastUseText();
  const [description, setDescription] = useState('');
  const [scopes, setScopes] = useState<ApplicationPasswordScope[]>(['all']);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ password: string; description: string } | null>(null);
  const data = list.data;
  if (!data) return <QueryFallback query={list} loadFailed={t('loadFailed')} />;
  if (!data.supported) return <Alert severity="info">{t('asps.unsupported')}</Alert>;

  const toggle = (scope: ApplicationPasswordScope, on: boolean) =>
    setScopes((current) =>
      scope === 'all'
        ? on
          ? ['all']
          : []
        : on
          ? [...current.filter((s) => s !== 'all'), scope]
          : current.filter((s) => s !== scope),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { description: description.trim(), scopes };
    if (!body.description || scopes.length === 0) {
      setError(t('asps.incomplete'));
      return;
    }
    const send = () =>
      create.mutate(body, {
        onSuccess: (created) => {
          setShown({ password: created.password, description: body.description });
          setDescription('');
          setError(null);
        },
        onError: (e) => (needsReauth(e) ? guard(send) : setError(reasonText(e, tErrors) ?? t('asps.failed'))),
      });
    guard(send);
  };
  return (
    <Box sx={{ maxWidth: 680 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
        {t('asps.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-label={t('asps.createTitle')} sx={{ mb: 4 }}>
        <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('asps.createTitle')}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={t('asps.description')}
          placeholder={t('asps.descriptionExample')}
          fullWidth
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          slotProps={{ htmlInput: { maxLength: applicationPasswordLimits.descriptionMax } }}
          sx={{ mb: 2 }}
        />
        <FormLabel component="legend">{t('asps.scopes')}</FormLabel>
        <FormGroup row sx={{ mb: 2 }}>
          {applicationPasswordScopes.map((scope) => (
            <FormControlLabel
              key={scope}
              control={
                <Checkbox
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
              }
              label={t(`asps.scope.${scope}`)}
            />
          ))}
        </FormGroup>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('asps.create')}
        </Button>
      </Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('asps.listTitle', { count: data.items.length, max: data.max })}
      </Typography>
      {data.items.length === 0 ? (
        <Typography variant="body2">{t('asps.none')}</Typography>
      ) : (
        <List aria-label={t('asps.listLabel')}>
          {data.items.map((item) => (
            <ListItem
              key={item.id}
              disableGutters
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('asps.delete', { name: item.description })}
                  onClick={() => remove.mutate(item.id)}
                >
                  <DeleteOutlinedIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={item.description}
                secondary={
                  <>
                    {item.scopes.map((s) => t(`asps.scope.${s}`)).join(', ')} ·{' '}
                    {t('asps.created', { date: dates.full(new Date(item.createdAt)) })}
                    <br />
                    {lastUseText(item)}
                  </>
                }
                sx={{ pr: 6 }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <AppPasswordDialog shown={shown} onClose={() => setShown(null)} />
      {dialog}
    </Box>
  );
}
