import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popper, { type PopperProps } from '@mui/material/Popper';
import Tooltip from '@mui/material/Tooltip';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { parseSearch } from '@webmail/contracts';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translation';
import { isWithin } from '../../../shared/routing/app-paths';
import { searchHref } from '../../../shared/routing/mail-hrefs';
import { rerunSearch } from '../api/search.cache';
import { useSlashFocus } from '../hooks/use-slash-focus';
import type { AdvancedSearchForm } from '../lib/advanced-search-form';
import { queryErrorText } from '../lib/query-errors';
import { toggleTerm, withPerson, type ChipContext } from '../lib/search-terms';
import { SearchAdvancedView, type ScopeChoice } from './search-advanced-view';
import { SearchInput } from './search-input';
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

/** A Popper.js modifier: the dropdown is as wide as the bar, whatever the window does. */
const sameWidth: NonNullable<PopperProps['modifiers']>[number] = {
  name: 'sameWidth',
  enabled: true,
  phase: 'beforeWrite',
  requires: ['computeStyles'],
  fn: ({ state }) => {
    state.styles.popper = { ...state.styles.popper, width: `${state.rects.reference.width}px` };
  },
};

/**
 * The search bar of the app bar: closed; on focus the quick view (chips, people, recent searches); the options
 * button opens the advanced view. Enter (or Search) opens the results page; `/` focuses the bar, Escape closes
 * the dropdown. On the results page the bar shows that search.
 */
export function SearchBar({ userIndex, timeZone, address, scopes, filterCreation }: SearchBarProps) {
  const { t } = useTranslation('search');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // On a phone the bar is narrow: the dropdown spans the app bar's width below it instead.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const pageQuery = isWithin('MailboxSearch', pathname) ? (params.get('search') ?? '') : '';
  const [state, setState] = useState({ pageQuery, text: pageQuery });
  // Another results page (or leaving them): the bar shows that page's search.
  const current = state.pageQuery === pageQuery ? state : { pageQuery, text: pageQuery };
  if (current !== state) setState(current);
  const text = current.text;
  const setText = (next: string) => setState({ pageQuery, text: next });
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
        <Paper
          ref={setAnchor}
          elevation={0}
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            pl: 0.5,
            pr: 0.5,
            borderRadius: view === 'closed' || phone ? 6 : '24px 24px 0 0',
            bgcolor: view === 'closed' ? 'action.hover' : 'background.paper',
            boxShadow: view === 'closed' ? 'none' : theme.shadows[3],
          })}
        >
          <Tooltip title={t('bar.submit')}>
            <IconButton aria-label={t('bar.submit')} onClick={() => run(text)}>
              <SearchIcon />
            </IconButton>
          </Tooltip>
          <SearchInput
            userIndex={userIndex}
            value={text}
            onChange={(value) => {
              setText(value);
              if (view === 'closed') setView('quick');
            }}
            onFocus={() => view === 'closed' && setView('quick')}
            onKeyDown={onKeyDown}
            inputRef={input}
            label={t('bar.label')}
            placeholder={t('bar.placeholder')}
            popupId={popupId}
            expanded={view !== 'closed'}
            invalid={showErrors && errorText !== null}
          />
          {text && (
            <Tooltip title={t('bar.clear')}>
              <IconButton
                aria-label={t('bar.clear')}
                onClick={() => {
                  setText('');
                  input.current?.focus();
                }}
              >
                <CloseIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('bar.advanced')}>
            <IconButton
              aria-label={t('bar.advanced')}
              aria-expanded={view === 'advanced'}
              aria-controls={popupId}
              onClick={() => setView(view === 'advanced' ? 'quick' : 'advanced')}
            >
              <TuneIcon />
            </IconButton>
          </Tooltip>
        </Paper>
        <Popper
          open={view !== 'closed'}
          anchorEl={phone ? (anchor?.closest('header') ?? anchor) : anchor}
          placement="bottom-start"
          disablePortal
          modifiers={[sameWidth]}
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <Paper
            id={popupId}
            role="dialog"
            aria-label={view === 'advanced' ? t('advanced.title') : t('bar.options')}
            elevation={3}
            sx={{ borderRadius: '0 0 16px 16px', maxHeight: 'calc(100dvh - 72px)', overflowY: 'auto' }}
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
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
