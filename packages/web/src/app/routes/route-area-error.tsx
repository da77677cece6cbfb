import { useLocation, useNavigate, useRouteError } from 'react-router';
import { RenderFailureAlert } from '../../shared/ui/render-failure-alert';

/**
 * Error boundary of one route area (the sign-in card's content, a signed-in user's content pane): a page that
 * fails to load or render shows an alert in place, the layout around it (app bar, folders, account menu) keeps
 * working. Retry navigates to the same address again, which clears the error and re-runs the loaders.
 */
export function RouteAreaError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  if (error) console.error(error);
  return (
    <RenderFailureAlert onRetry={() => void navigate(`${pathname}${search}${hash}`, { replace: true })} />
  );
}
