import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, type ReactNode } from 'react';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
}

/** One setting as a labelled radio group (Appearance and General pages): it changes as soon as one is picked. */
export function ChoiceGroup<V extends string>(props: {
  label: string;
  help?: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  row?: boolean;
}) {
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl component="fieldset" sx={{ display: 'block' }}>
      <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 500, mb: 0.5 }}>
        {props.label}
      </FormLabel>
      <RadioGroup
        row={props.row}
        aria-labelledby={labelId}
        aria-describedby={props.help ? helpId : undefined}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as V)}
      >
        {props.choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            control={<Radio />}
            label={choice.label}
          />
        ))}
      </RadioGroup>
      {props.help && (
        <FormHelperText id={helpId} sx={{ ml: 0, fontSize: '0.875rem' }}>
          {props.help}
        </FormHelperText>
      )}
    </FormControl>
  );
}
