import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import type { KeyboardEvent, Ref, RefObject } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { SearchInput } from './search-input';
import { Tooltip } from '../../../shared/ui/tooltip';

export interface SearchBarFieldProps {
  userIndex: number;
  text: string;
  /** Whether the dropdown is open, and whether it shows the advanced view. */
  open: boolean;
  advanced: boolean;
  phone: boolean;
  /** The box the dropdown hangs under. */
  boxRef: Ref<HTMLDivElement>;
  inputRef: RefObject<HTMLInputElement | null>;
  popupId: string;
  /** The query's problems are being shown: the input says it is invalid. */
  invalid: boolean;
  onTextChange: (text: string) => void;
  /** Focus or typing in the input: the quick view opens when the dropdown is closed. */
  onOpen: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onSubmit: () => void;
  onToggleAdvanced: () => void;
}

/**
 * The search bar's box in the app bar: the search button, the input with its keyword highlighting, the clear
 * button (while there is text; it puts the cursor back in the input) and the advanced view's options button. Its
 * corners and shadow join it to the dropdown while that is open (not on a phone, where the dropdown spans the app
 * bar).
 */
export function SearchBarField(props: SearchBarFieldProps) {
  const { userIndex, text, open, advanced, phone, popupId, invalid } = props;
  const { boxRef, inputRef, onTextChange, onOpen, onKeyDown, onSubmit, onToggleAdvanced } = props;
  const { t } = useTranslation('search');
  return (
    <Paper
      ref={boxRef}
      elevation={0}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        pl: 0.5,
        pr: 0.5,
        borderRadius: !open || phone ? 6 : '24px 24px 0 0',
        bgcolor: !open ? 'action.hover' : 'background.paper',
        boxShadow: !open ? 'none' : theme.shadows[3],
      })}
    >
      <Tooltip title={t('bar.submit')}>
        <IconButton aria-label={t('bar.submit')} onClick={onSubmit}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <SearchInput
        userIndex={userIndex}
        value={text}
        onChange={(value) => {
          onTextChange(value);
          onOpen();
        }}
        onFocus={onOpen}
        onKeyDown={onKeyDown}
        inputRef={inputRef}
        label={t('bar.label')}
        placeholder={t('bar.placeholder')}
        popupId={popupId}
        expanded={open}
        invalid={invalid}
      />
      {text && (
        <Tooltip title={t('bar.clear')}>
          <IconButton
            aria-label={t('bar.clear')}
            onClick={() => {
              onTextChange('');
              inputRef.current?.focus();
            }}
          >
            <CloseIcon />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('bar.advanced')}>
        <IconButton
          aria-label={t('bar.advanced')}
          aria-expanded={advanced}
          aria-controls={popupId}
          onClick={onToggleAdvanced}
        >
          <TuneIcon />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
