import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { sizeDirections, sizeSteps, type SizeStep } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { SelectField } from '../../../shared/ui/select-field';
import { textCriteria, type FilterForm, type FilterFormErrors } from '../lib/filter-form';

const sizeStepOptions = (Object.keys(sizeSteps) as SizeStep[]).map((step) => ({ value: step, label: step }));

export interface FilterFieldsProps {
  form: FilterForm;
  set: (patch: Partial<FilterForm>) => void;
  /** The errors to show (the dialogs decide when). */
  shown: FilterFormErrors;
}

/** The filter's criteria: text criteria, attachment, size direction / number / unit. */
export function FilterCriteriaFields({ form, set, shown }: FilterFieldsProps) {
  const { t } = useTranslation('filters');
  return (
    <>
      {textCriteria.map((key) => (
        <TextField
          key={key}
          label={t(`query.${key}`)}
          value={form.criteria[key]}
          onChange={(e) => set({ criteria: { ...form.criteria, [key]: e.target.value } })}
          error={Boolean(shown.criteria?.[key])}
          helperText={shown.criteria?.[key] ? t(`errors.${shown.criteria[key]}`) : undefined}
        />
      ))}
      <FormControlLabel
        control={<Checkbox checked={form.ha} onChange={(e) => set({ ha: e.target.checked })} />}
        label={t('query.ha')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <SelectField
          label={t('size.direction')}
          value={form.sizeDirection}
          options={sizeDirections.map((d) => ({ value: d, label: t(`size.${d}`) }))}
          onChange={(sizeDirection) => set({ sizeDirection })}
          sx={{ minWidth: 160 }}
        />
        <TextField
          label={t('size.value')}
          value={form.sizeValue}
          disabled={form.sizeDirection === 'off'}
          onChange={(e) => set({ sizeValue: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(shown.size)}
          helperText={shown.size ? t(`errors.${shown.size}`) : undefined}
          sx={{ flex: 1 }}
        />
        <SelectField
          label={t('size.step')}
          value={form.sizeStep}
          disabled={form.sizeDirection === 'off'}
          options={sizeStepOptions}
          onChange={(sizeStep) => set({ sizeStep })}
          sx={{ minWidth: 96 }}
        />
      </Stack>
    </>
  );
}
