import InputBase from '@mui/material/InputBase';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import { useSearchKeywords } from '../api/get-search-keywords';
import { highlightSegments } from '../lib/search-terms';

export interface SearchInputProps {
  userIndex: number;
  value: string;
  onChange: (value: string) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputRef: Ref<HTMLInputElement>;
  label: string;
  placeholder: string;
  /** The dropdown this input opens (combobox semantics). */
  popupId: string;
  expanded: boolean;
  invalid: boolean;
}

/**
 * The bar's text field. Recognised keywords (`from:aino`, `is:unread`, by the server's patterns) are marked as
 * the user types: a copy of the text with the marks lies under the transparent input, in the same font, and
 * follows its horizontal scroll.
 */
export function SearchInput(props: SearchInputProps) {
  const { userIndex, value, onChange, onFocus, onKeyDown, inputRef, label, placeholder } = props;
  const patterns = useSearchKeywords(userIndex, value !== '');
  const segments = useMemo(() => highlightSegments(value, patterns), [value, patterns]);
  const mirror = useRef<HTMLDivElement>(null);
  const follow = (input: HTMLInputElement | HTMLTextAreaElement) => {
    if (mirror.current) mirror.current.scrollLeft = input.scrollLeft;
  };

  return (
    <Box sx={{ position: 'relative', flex: 1, minWidth: 0, typography: 'body1', display: 'flex' }}>
      <Box
        ref={mirror}
        aria-hidden
        data-testid="search-highlight"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          alignItems: 'center',
          overflow: 'hidden',
          whiteSpace: 'pre',
          color: 'transparent',
          pointerEvents: 'none',
        }}
      >
        {segments.map((segment, index) =>
          segment.keyword ? (
            <Box
              key={index}
              component="mark"
              data-keyword={segment.keyword}
              sx={(theme) => ({
                color: 'transparent',
                borderRadius: 0.5,
                bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.3 : 0.14),
              })}
            >
              {segment.text}
            </Box>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </Box>
      <InputBase
        fullWidth
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
        inputRef={inputRef}
        error={props.invalid}
        inputProps={{
          'aria-label': label,
          role: 'combobox',
          'aria-controls': props.popupId,
          'aria-expanded': props.expanded,
          'aria-autocomplete': 'list',
          'aria-invalid': props.invalid || undefined,
          enterKeyHint: 'search',
          spellCheck: false,
          onScroll: (event) => follow(event.currentTarget),
          onSelect: (event) => follow(event.currentTarget),
        }}
        sx={{ font: 'inherit', '& input': { p: 0, height: 40 } }}
      />
    </Box>
  );
}
