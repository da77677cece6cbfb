import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { parseSearch } from '@webmail/contracts';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { searchHref } from '../../../shared/routing/mail-hrefs';
import { rerunSearch } from '../api/search.cache';
import { useSearchBarText } from '../hooks/use-search-bar-text';
import { useSlashFocus } from '../hooks/use-slash-focus';
import type { AdvancedSearchForm } from '../lib/advanced-search-form';
import { queryErrorText } from '../lib/query-errors';
import { toggleTerm, withPerson, type ChipContext } from '../lib/search-terms';
import { SearchAdvancedView, type ScopeChoice } from './search-advanced-view';
import { SearchBarField } from './search-bar-field';
import { SearchDropdown } from './search-dropdown';
import { SearchQuickView } from './search-quick-view';

export type { AdvancedSearchForm, ScopeChoice };

/** The dropdown's states: closed, the quick view (on focus), the advanced view. */
export type SearchBarView = 'closed' | 'quick' | 'advanced';

export interface SearchBarProps {
  userIndex: number;
  /** The user's time zone (user details); null until known (then the browser's). */
  timeZone: string | null;
  /** The user's own address, for "from me"; null until known. */
  address: string | null;
  /** The folders the advanced view offers as the search's scope. */
  scopes: readonly ScopeChoice[];
  /**
   * The advanced view's filter-creation mode (the layout fills it from the filters feature): what to show for the
   * form's fields; `close` closes the dropdown (the filter dialog opens over the page).
   */
  filterCreation?: (form: AdvancedSearchForm, close: () => void) => ReactNode;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The search bar of the app bar: closed; on focus the quick view (chips, people, recent searches); the options
 * button opens the advanced view. Enter (or Search) opens the results page; `/` focuses the bar, Escape closes
 * the dropdown. On the results page the bar shows that search (`useSearchBarText`). The box in the app bar is
 * `SearchBarField`, the dropdown's place `SearchDropdown`; this component holds the dropdown's state and the keys.
 */
export function SearchBar({ userIndex, timeZone, address, scopes, filterCreation }: SearchBarProps) {
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // On a phone the bar is narrow: the dropdown spans the app bar's width below it instead.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [text, setText] = useSearchBarText();
  const [view, setView] = useState<SearchBarView>('closed');
  const [showErrors, setShowErrors] = useState(false);
  // State, not a ref: the dropdown is placed by this element, which must be read while rendering.
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const popupId = useId();
  useSlashFocus(input);

  const parsed = text.trim() ? parseSearch(text) : null;
  const errorText = parsed && !parsed.ok ? queryErrorText(parsed.errors, tErrors) : null;
  const chipContext: ChipContext | null = address
    ? { now: new Date(), timeZone: timeZone ?? browserZone(), address }
    : null;

  const close = () => {
    setView('closed');
    setShowErrors(false);
  };
  const run = (query: string) => {
    const trimmed = query.trim();
    if (!trimmed) return;
    const result = parseSearch(trimmed);
    if (!result.ok) {
      setText(query);
      setShowErrors(true);
      if (view === 'closed') setView('quick');
      return;
    }
    setText(trimmed);
    close();
    input.current?.blur();
    rerunSearch(queryClient, userIndex, trimmed);
    void navigate(searchHref(userIndex, trimmed));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      run(text);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (view !== 'closed') close();
      else input.current?.blur();
    } else if (view === 'closed') {
      setView('quick');
    }
  };

  return (
    <ClickAwayListener onClickAway={() => view !== 'closed' && close()}>
      <Box role="search" sx={{ flex: 1, minWidth: 0, maxWidth: 720 }}>
        <SearchBarField
          userIndex={userIndex}
          text={text}
          open={view !== 'closed'}
          advanced={view === 'advanced'}
          phone={phone}
          boxRef={setAnchor}
          inputRef={input}
          popupId={popupId}
          invalid={showErrors && errorText !== null}
          onTextChange={setText}
          onOpen={() => view === 'closed' && setView('quick')}
          onKeyDown={onKeyDown}
          onSubmit={() => run(text)}
          onToggleAdvanced={() => setView(view === 'advanced' ? 'quick' : 'advanced')}
        />
        <SearchDropdown
          open={view !== 'closed'}
          advanced={view === 'advanced'}
          anchor={anchor}
          phone={phone}
          popupId={popupId}
        >
          {view === 'advanced' ? (
            <SearchAdvancedView
              text={text}
              onTextChange={setText}
              scopes={scopes}
              errorText={errorText}
              onSearch={() => run(text)}
              onBack={() => setView('quick')}
              filterCreation={filterCreation && ((form) => filterCreation(form, close))}
            />
          ) : (
            <SearchQuickView
              userIndex={userIndex}
              text={text}
              chipContext={chipContext}
              errorText={showErrors ? errorText : null}
              onChip={(term) => run(toggleTerm(text, term))}
              onPerson={(start, person) => run(withPerson(text, start, person))}
              onRecent={run}
            />
          )}
        </SearchDropdown>
      </Box>
    </ClickAwayListener>
  );
}
