import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  applicationPasswordLimits,
  applicationPasswordScopes,
  type ApplicationPasswordScope,
} from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { QueryFallback } from '../../../shared/ui/query-view';
import { useAppPasswords, useCreateAppPassword } from '../api/app-passwords';
import { toggleScope } from '../lib/app-password-scopes';
import { AppPasswordDialog } from './app-password-dialog';
import { AppPasswordList } from './app-password-list';
import { needsReauth, useReauthGate } from './reauth-dialog';

/**
 * Page ApplicationPasswords (settings/security/asps): passwords for mail apps (IMAP, POP3, SMTP), each shown once in
 * groups of four letters, listed with their last use; the only way in for mail apps while two-factor sign-in is on.
 */
export function AppPasswordsPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('security');
  const { t: tErrors } = useTranslation('errors');
  const list = useAppPasswords(userIndex);
  const create = useCreateAppPassword(userIndex);
  const { guard, dialog } = useReauthGate(userIndex);
  const [description, setDescription] = useState('');
  const [scopes, setScopes] = useState<ApplicationPasswordScope[]>(['all']);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ password: string; description: string } | null>(null);
  const data = list.data;
  if (!data) return <QueryFallback query={list} loadFailed={t('loadFailed')} />;
  if (!data.supported) return <Alert severity="info">{t('asps.unsupported')}</Alert>;

  const toggle = (scope: ApplicationPasswordScope, on: boolean) =>
    setScopes((current) => toggleScope(current, scope, on));
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
      <AppPasswordList userIndex={userIndex} items={data.items} max={data.max} />
      <AppPasswordDialog shown={shown} onClose={() => setShown(null)} />
      {dialog}
    </Box>
  );
}
