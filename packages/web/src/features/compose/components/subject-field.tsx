import TextField from '@mui/material/TextField';
import { composeLimits } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';

/** The counter appears this close to the limit. */
const counterFrom = composeLimits.subjectMaxLength - 100;

/**
 * Subject, at most 900 characters. Longer text is not cut (a paste would lose its end unseen): the
 * field shows the error and sending is blocked until it is shortened. A counter appears near the limit.
 */
export function SubjectField({
  value,
  onChange,
  errors = [],
}: {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const { t } = useTranslation('compose');
  const limit = composeLimits.subjectMaxLength;
  const tooLong = value.length > limit;
  let helper: string | undefined;
  if (tooLong) helper = t('fields.subjectTooLong', { limit, length: value.length });
  else if (value.length >= counterFrom) helper = t('fields.subjectLength', { limit, length: value.length });
  const messages = [helper, ...errors].filter(Boolean).join(' ');

  return (
    <TextField
      variant="standard"
      label={t('fields.subject')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={tooLong || errors.length > 0}
      helperText={messages || undefined}
      fullWidth
      slotProps={{ htmlInput: { 'aria-invalid': tooLong || errors.length > 0 } }}
    />
  );
}
