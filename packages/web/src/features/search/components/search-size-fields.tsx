import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { sizeDirections, sizeSteps, type SizeStep } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import { SelectField } from '../../../shared/ui/select-field';
import type { AdvancedSearchForm, FormErrors } from '../lib/advanced-search-form';

const directionLabel = { off: 'sizeOff', larger: 'sizeLarger', smaller: 'sizeSmaller' } as const;
const sizeStepOptions = (Object.keys(sizeSteps) as SizeStep[]).map((step) => ({ value: step, label: step }));

export interface SearchSizeFieldsProps {
  form: AdvancedSearchForm;
  errors: FormErrors;
  onChange: (patch: Partial<AdvancedSearchForm>) => void;
}

/**
 * The advanced view's size row: the direction (off, larger, smaller), the number (disabled while the direction is
 * off, "Only numbers" when it is not whole digits) and its step (B, KB, MB).
 */
export function SearchSizeFields({ form, errors, onChange }: SearchSizeFieldsProps) {
  const { t } = useTranslation('search');
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <SelectField
        size="small"
        label={t('advanced.sizeDirection')}
        value={form.sizeDirection}
        options={sizeDirections.map((direction) => ({
          value: direction,
          label: t(`advanced.${directionLabel[direction]}`),
        }))}
        onChange={(sizeDirection) => onChange({ sizeDirection })}
        sx={{ minWidth: 150, flex: '1 1 150px' }}
      />
      <TextField
        size="small"
        label={t('advanced.sizeValue')}
        value={form.sizeValue}
        disabled={form.sizeDirection === 'off'}
        error={errors.sizeValue !== undefined}
        helperText={errors.sizeValue ? t('advanced.onlyNumbers') : undefined}
        onChange={(event) => onChange({ sizeValue: event.target.value.trim() })}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: 110, flex: '1 1 90px' }}
      />
      <SelectField
        size="small"
        label={t('advanced.sizeStep')}
        value={form.sizeStep}
        options={sizeStepOptions}
        onChange={(sizeStep) => onChange({ sizeStep })}
        sx={{ width: 90 }}
      />
    </Box>
  );
}
