import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { isWithin } from '../../../shared/routing/app-paths';

/**
 * The text in the search bar: what the user types, started from the results page's search. Going to another
 * results page (or leaving them) puts that page's search in the bar (empty outside the results), whatever was
 * typed before.
 */
export function useSearchBarText(): [text: string, setText: (text: string) => void] {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const pageQuery = isWithin('MailboxSearch', pathname) ? (params.get('search') ?? '') : '';
  const [state, setState] = useState({ pageQuery, text: pageQuery });
  // Another results page (or leaving them): the bar shows that page's search.
  const current = state.pageQuery === pageQuery ? state : { pageQuery, text: pageQuery };
  if (current !== state) setState(current);
  return [current.text, (next: string) => setState({ pageQuery, text: next })];
}
