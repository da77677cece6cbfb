import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { contactLabels } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import type { LabelledValue } from '../lib/contact-form';

export interface LabelledValuesFieldProps {
  kind: 'emails' | 'phones';
  values: LabelledValue[];
  onChange: (values: LabelledValue[]) => void;
  /** Error texts by row index. */
  errors: Record<number, string>;
  max: number;
}

/** Several e-mail addresses or phone numbers, each with its label (home, work, other, mobile or its own). */
export function LabelledValuesField({ kind, values, onChange, errors, max }: LabelledValuesFieldProps) {
  const { t } = useTranslation('contacts');
  const set = (index: number, patch: Partial<LabelledValue>) =>
    onChange(values.map((v, i) => (i === index ? { ...v, ...patch } : v)));
  const single = kind === 'emails' ? t('form.email') : t('form.phone');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {kind === 'emails' ? t('form.emails') : t('form.phones')}
      </Typography>
      {values.map((value, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            label={`${single} ${index + 1}`}
            type={kind === 'emails' ? 'email' : 'tel'}
            value={value.value}
            onChange={(event) => set(index, { value: event.target.value })}
            error={!!errors[index]}
            helperText={errors[index]}
            sx={{ flex: 1, minWidth: 0 }}
          />
          <TextField
            select
            label={t('form.label')}
            value={value.label}
            onChange={(event) => set(index, { label: event.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ width: 120 }}
          >
            <MenuItem value="">{t('labels.none')}</MenuItem>
            {contactLabels.map((label) => (
              <MenuItem key={label} value={label}>
                {t(`labels.${label}`)}
              </MenuItem>
            ))}
            {value.label && !(contactLabels as readonly string[]).includes(value.label) && (
              <MenuItem value={value.label}>{value.label}</MenuItem>
            )}
          </TextField>
          <IconButton
            aria-label={t('form.removeValue', { value: value.value || `${single} ${index + 1}` })}
            onClick={() => onChange(values.filter((_, i) => i !== index))}
            sx={{ mt: 1 }}
          >
            <CloseIcon />
          </IconButton>
        </Box>
      ))}
      {values.length < max && (
        <Button
          startIcon={<AddIcon />}
          size="small"
          sx={{ justifySelf: 'start' }}
          onClick={() => onChange([...values, { value: '', label: kind === 'emails' ? 'home' : 'mobile' }])}
        >
          {kind === 'emails' ? t('form.addEmail') : t('form.addPhone')}
        </Button>
      )}
    </Box>
  );
}
