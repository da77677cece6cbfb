import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { addAddresses, isValidAddress } from '../lib/address-input';

export interface AddressChipsInputProps {
  label: string;
  chips: readonly string[];
  onChange: (chips: string[]) => void;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
}

/**
 * E-mail addresses as chips: what is typed is split on spaces, commas and semicolons as soon as one is
 * typed (and on Enter or leaving the field); an invalid address stays as an error chip, which the caller leaves
 * out of what it saves.
 */
export function AddressChipsInput({
  label,
  chips,
  onChange,
  helperText,
  error,
  disabled,
}: AddressChipsInputProps) {
  const { t } = useTranslation('filters');
  const [text, setText] = useState('');
  const commit = (value: string) => {
    if (value.trim() !== '') onChange(addAddresses(chips, value));
    setText('');
  };
  return (
    <Stack spacing={1}>
      {chips.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} role="list" aria-label={label}>
          {chips.map((chip) => {
            const valid = isValidAddress(chip);
            return (
              <Chip
                key={chip}
                role="listitem"
                label={chip}
                color={valid ? 'default' : 'error'}
                variant={valid ? 'filled' : 'outlined'}
                title={valid ? undefined : t('errors.invalidAddress')}
                aria-invalid={!valid}
                disabled={disabled}
                onDelete={() => onChange(chips.filter((c) => c !== chip))}
              />
            );
          })}
        </Stack>
      )}
      <TextField
        label={label}
        value={text}
        disabled={disabled}
        error={error}
        helperText={helperText}
        autoComplete="off"
        onChange={(event) => {
          const value = event.target.value;
          if (/[\s,;]$/.test(value)) commit(value);
          else setText(value);
        }}
        onBlur={() => commit(text)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(text);
          }
        }}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text');
          if (/[\s,;]/.test(pasted)) {
            event.preventDefault();
            commit(text + pasted);
          }
        }}
      />
    </Stack>
  );
}
