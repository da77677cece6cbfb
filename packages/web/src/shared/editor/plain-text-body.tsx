import InputBase from '@mui/material/InputBase';
import { focusRing } from '../ui/focus-ring';

/**
 * The body in plain-text mode: a monospace textarea in place of the rich-text editor. With `autoFocus` (a
 * plain-text reply) the caret starts at the top, above the quote, as focusing a textarea puts it at the start.
 */
export function PlainTextBody({
  text,
  onChange,
  placeholder,
  label,
  autoFocus,
}: {
  text: string;
  onChange: (text: string) => void;
  placeholder: string;
  /** The body's name for assistive technology. */
  label: string;
  autoFocus: boolean;
}) {
  return (
    <InputBase
      multiline
      minRows={10}
      fullWidth
      value={text}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      autoFocus={autoFocus}
      inputProps={{ 'aria-label': label }}
      sx={{
        py: 1.5,
        px: 0.5,
        alignItems: 'flex-start',
        fontFamily: 'monospace',
        fontSize: 14,
        borderRadius: 1,
        '&.Mui-focused': focusRing,
      }}
    />
  );
}
