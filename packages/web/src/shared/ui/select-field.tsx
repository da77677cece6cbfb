import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';

export interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  /** The choices in their order, each with the words it is shown in. */
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  size?: 'small' | 'medium';
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** A labelled choice of one value from a short list (MUI's select text field with one menu item per option). */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  size,
  disabled,
  sx,
}: SelectFieldProps<V>) {
  return (
    <TextField
      select
      size={size}
      label={label}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as V)}
      sx={sx}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
