import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState, type ClipboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useRecipientDrop } from '../hooks/use-recipient-drop';
import { useRecipientSuggestions, type RecipientOption } from '../hooks/use-recipient-suggestions';
import { addChips, formatChip, parseAddresses, splitTyped, type AddressChip } from '../lib/address-chips';
import { AddressChipView } from './address-chip';
import { RecipientSuggestionItem } from './recipient-suggestion-item';

export interface AddressFieldProps {
  userIndex: number;
  label: string;
  chips: AddressChip[];
  onChange: (chips: AddressChip[]) => void;
  /** Messages shown under the field (limits, the server's 422 messages). */
  errors?: string[];
  /** Controls at the end of the field (the Cc / Bcc buttons). */
  end?: ReactNode;
  autoFocus?: boolean;
}

// freeSolo hands typed strings to the option callbacks too.
const addressOf = (value: AddressChip | string) =>
  (typeof value === 'string' ? value : value.address).toLowerCase();

/** Typed text becomes chips; a chosen group stands for its members. */
const normalise = (values: (AddressChip | string)[]) =>
  addChips(
    [],
    values.flatMap((value) =>
      typeof value === 'string' ? parseAddresses(value) : ((value as RecipientOption).members ?? [value]),
    ),
  );
const optionKey = (option: AddressChip | string) =>
  typeof option === 'string' ? option : ((option as RecipientOption).key ?? option.address);

/**
 * A recipient list as chips with autocomplete from the address books (groups add all their members) and the recent
 * parties (keyboard: arrows and Enter). A contact dragged from the contacts panel is added where it is dropped.
 * Typing a comma or semicolon, Enter, leaving the field or pasting a list turns the text into chips; pasted
 * lists split on commas, semicolons, spaces and line breaks while `Name <address>` stays one recipient.
 */
export function AddressField({
  userIndex,
  label,
  chips,
  onChange,
  errors = [],
  end,
  autoFocus,
}: AddressFieldProps) {
  const { t } = useTranslation('compose');
  const [input, setInput] = useState('');
  const suggestions = useRecipientSuggestions(userIndex, input, chips);
  const invalid = chips.filter((chip) => !chip.valid);
  const messages = [
    ...(invalid.length > 0
      ? [t('chips.invalidHelp', { addresses: invalid.map((chip) => chip.address).join(', ') })]
      : []),
    ...errors,
  ];

  const commit = (text: string) => {
    const parsed = parseAddresses(text);
    if (parsed.length > 0) onChange(addChips(chips, parsed));
    setInput('');
  };

  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData.getData('text/plain');
    // A single word is pasted as text (the user may go on typing); anything holding an address or a list
    // becomes chips at once.
    if (!text.includes('@') && !/[,;\n]/.test(text)) return;
    event.preventDefault();
    commit(`${input} ${text}`);
  };

  const drop = useRecipientDrop(chips, onChange);

  return (
    <Box
      onDragOver={drop.onDragOver}
      onDragLeave={drop.onDragLeave}
      onDrop={drop.onDrop}
      sx={{
        borderRadius: 1,
        outline: drop.dropping ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'dashed',
      }}
    >
      <Autocomplete<AddressChip, true, true, true>
        multiple
        freeSolo
        disableClearable
        filterSelectedOptions
        options={suggestions}
        value={chips}
        inputValue={input}
        filterOptions={(options) => options}
        getOptionLabel={(option) => (typeof option === 'string' ? option : formatChip(option))}
        getOptionKey={optionKey}
        isOptionEqualToValue={(option, value) => addressOf(option) === addressOf(value)}
        onInputChange={(_event, value, reason) => {
          if (reason === 'reset') return;
          const typed = reason === 'input' ? splitTyped(value) : null;
          if (typed) {
            if (typed.chips.length > 0) onChange(addChips(chips, typed.chips));
            setInput(typed.rest);
          } else setInput(value);
        }}
        onChange={(_event, values) => {
          onChange(normalise(values));
          setInput('');
        }}
        onBlur={() => {
          if (input.trim()) commit(input);
        }}
        onPaste={onPaste}
        renderValue={(values, getItemProps) =>
          values.map((value, index) => {
            if (typeof value === 'string') return null;
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <AddressChipView
                key={key}
                chip={value}
                itemProps={itemProps}
                onEdit={() => {
                  onChange(chips.filter((chip) => chip !== value));
                  setInput(formatChip(value));
                }}
              />
            );
          })
        }
        renderOption={(props, option) => {
          const { key, ...optionProps } = props as typeof props & { key: string };
          return (
            <RecipientSuggestionItem key={key} optionProps={optionProps} option={option as RecipientOption} />
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            label={label}
            autoFocus={autoFocus}
            error={messages.length > 0}
            helperText={messages.length > 0 ? messages.join(' ') : undefined}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <>
                    {end}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
    </Box>
  );
}
