import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { signatureLimits, type Signature } from '@webmail/contracts';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiRequestError } from '../../../shared/api/api-request-error';
import { formErrorsOf, reasonText, type FormErrors } from '../../../shared/api/error-text';
import { RichTextField } from '../../../shared/editor/rich-text-field';
import { useTranslation } from '../../../shared/i18n/translation';
import { appHref } from '../../../shared/routing/app-paths';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { LeaveDialog } from '../../../shared/ui/leave-dialog';
import { QueryFallback } from '../../../shared/ui/query-view';
import { useLeaveGuard } from '../../../shared/ui/use-leave-guard';
import { useCreateSignature, useSignatures, useUpdateSignature } from '../api/signatures';

type Field = 'name' | 'html';

/**
 * Page SignatureEdit (settings/signatures/edit/{signatureId?}): a new signature, or the one named in the address.
 * Name, text (the shared rich-text field, inline images within the composer's limits) and the default flag. A
 * failed save keeps everything typed and says what was wrong next to the field.
 */
export function SignatureEditPage() {
  const userIndex = useUserIndex();
  const { signatureId } = useParams();
  const { t } = useTranslation('signatures');
  const list = useSignatures(userIndex);
  const back = appHref('Signature', { userIndex });

  if (!list.data) return <QueryFallback query={list} loadFailed={t('loadFailed')} />;
  const existing = signatureId ? list.data.signatures.find((s) => s.id === signatureId) : undefined;
  if (signatureId && !existing) {
    return (
      <Box>
        <Typography sx={{ mb: 2 }}>{t('notFound')}</Typography>
        <Button component={RouterLink} to={back} variant="outlined">
          {t('back')}
        </Button>
      </Box>
    );
  }
  return (
    <SignatureForm
      key={signatureId ?? 'new'}
      userIndex={userIndex}
      existing={existing}
      first={list.data.signatures.length === 0}
      back={back}
    />
  );
}

/** An editor left empty holds one empty paragraph: that is no text. */
const bodyHtml = (html: string) => (html === '<p></p>' ? '' : html);

function SignatureForm({
  userIndex,
  existing,
  first,
  back,
}: {
  userIndex: number;
  existing: Signature | undefined;
  first: boolean;
  back: string;
}) {
  const { t } = useTranslation('signatures');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const create = useCreateSignature(userIndex);
  const update = useUpdateSignature(userIndex);
  const [name, setName] = useState(existing?.name ?? '');
  const [html, setHtml] = useState(existing?.html ?? '');
  // The first signature is the default unless the user says otherwise.
  const [isDefault, setIsDefault] = useState(existing?.default ?? first);
  const [initial] = useState(() => ({ name, html: bodyHtml(html), isDefault }));
  const dirty = name !== initial.name || bodyHtml(html) !== initial.html || isDefault !== initial.isDefault;
  const guard = useLeaveGuard(dirty && !(create.isPending || update.isPending));
  const [errors, setErrors] = useState<FormErrors<Field>>({ fields: {}, form: null });
  const saving = create.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ fields: { name: t('nameRequired') }, form: null });
      return;
    }
    const body = { name: name.trim(), html: bodyHtml(html), default: isDefault };
    const done = {
      onSuccess: () => {
        snackbar.show({ type: 'success', message: t('saved') });
        guard.allowLeaving();
        navigate(back);
      },
      onError: (e: Error) =>
        setErrors(
          isApiRequestError(e) && e.status === 422
            ? formErrorsOf(e, tErrors, ['name', 'html'] as const, (texts) => texts.join(' '))
            : { fields: {}, form: reasonText(e, tErrors) ?? t('saveFailed') },
        ),
    };
    setErrors({ fields: {}, form: null });
    if (existing) update.mutate({ id: existing.id, patch: body }, done);
    else create.mutate(body, done);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={existing ? t('editTitle') : t('newTitle')}
      sx={{ maxWidth: 720, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography component="h2" variant="h6">
        {existing ? t('editTitle') : t('newTitle')}
      </Typography>
      {errors.form && (
        <Alert severity="error" role="alert">
          {errors.form}
        </Alert>
      )}
      <TextField
        label={t('name')}
        placeholder={t('nameExample')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        error={Boolean(errors.fields.name)}
        helperText={errors.fields.name}
        slotProps={{ htmlInput: { maxLength: signatureLimits.nameMaxLength } }}
        sx={{ maxWidth: 420 }}
      />
      <RichTextField label={t('text')} html={html} onChange={setHtml} error={errors.fields.html} />
      <FormControlLabel
        control={<Checkbox checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />}
        label={t('defaultLabel')}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={saving}>
          {t('save')}
        </Button>
        <Button component={RouterLink} to={back}>
          {t('cancel')}
        </Button>
      </Stack>
      <LeaveDialog open={guard.asking} onStay={guard.stay} onLeave={guard.leave} />
    </Box>
  );
}
