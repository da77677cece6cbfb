import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from '../shared/routing/app-paths';
import { useTranslation } from '../shared/i18n/translation';
import { usePageTitle } from '../shared/ui/use-page-title';
import { useFocusRule } from '../shared/ui/use-focus-rule';

/**
 * The one place a route's title becomes the document title (`{title} - Webmail`): the deepest matched route with
 * a title in its `handle` decides. A catalogue key is translated here; `page` leaves it to the page, which knows
 * what it shows (a folder's name, a subject) and sets it with `usePageTitle`.
 */
export function useRouteTitle(): void {
  const { t } = useTranslation();
  const title = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((value) => value !== undefined)
    .at(-1);
  usePageTitle(title === undefined || title === 'page' ? null : t(title as never));
}

/** The root route's element: titles the page, keeps the focus rule and shows the matched area. */
export function TitledOutlet() {
  useRouteTitle();
  useFocusRule();
  return <Outlet />;
}
