import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { sizeDirections, sizeSteps, type SizeDirection, type SizeStep } from '@webmail/contracts';
import { useTranslation } from '../../../shared/i18n/translation';
import type { AdvancedSearchForm, FormErrors } from '../lib/advanced-search-form';

const directionLabel = { off: 'sizeOff', larger: 'sizeLarger', smaller: 'sizeSmaller' } as const;

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
      <TextField
        select
        size="small"
        label={t('advanced.sizeDirection')}
        value={form.sizeDirection}
        onChange={(event) => onChange({ sizeDirection: event.target.value as SizeDirection })}
        sx={{ minWidth: 150, flex: '1 1 150px' }}
      >
        {sizeDirections.map((direction) => (
          <MenuItem key={direction} value={direction}>
            {t(`advanced.${directionLabel[direction]}`)}
          </MenuItem>
        ))}
      </TextField>
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
      <TextField
        select
        size="small"
        label={t('advanced.sizeStep')}
        value={form.sizeStep}
        onChange={(event) => onChange({ sizeStep: event.target.value as SizeStep })}
        sx={{ width: 90 }}
      >
        {Object.keys(sizeSteps).map((step) => (
          <MenuItem key={step} value={step}>
            {step}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
