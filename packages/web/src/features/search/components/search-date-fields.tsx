import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { DateField } from '../../../shared/ui/date-field';

const names = ['after', 'before'] as const;
type DateName = (typeof names)[number];

export interface SearchDateFieldsProps {
  after: string;
  before: string;
  onChange: (patch: Partial<Record<DateName, string>>) => void;
  /** The fields whose typed text is not a date (the search waits until there are none). */
  onInvalidChange: (invalid: readonly DateName[]) => void;
}

/** The advanced view's received-after and received-before dates, on the app's date picker (`DD.MM.YYYY`). */
export function SearchDateFields(props: SearchDateFieldsProps) {
  const { t } = useTranslation('search');
  const [invalid, setInvalid] = useState<readonly DateName[]>([]);
  const validity = (name: DateName) => (valid: boolean) => {
    const next = valid ? invalid.filter((n) => n !== name) : [...invalid, name];
    setInvalid(next);
    props.onInvalidChange(next);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap', '& > *': { flex: '1 1 150px' } }}>
      {names.map((name) => (
        <Box key={name}>
          <DateField
            size="small"
            label={t(`advanced.${name}`)}
            value={props[name]}
            onChange={(value) => props.onChange({ [name]: value })}
            onValidityChange={validity(name)}
          />
        </Box>
      ))}
    </Box>
  );
}
