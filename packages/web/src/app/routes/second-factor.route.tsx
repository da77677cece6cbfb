import type { LoginResponse } from '@webmail/contracts';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PasskeyStep, TotpStep } from '../../features/auth/components/second-factor-steps';
import { pendingSignInOf } from '../../features/auth/lib/after-sign-in';
import { signInPath, userHomePath } from '../../shared/session/session';

/**
 * Routes AuthTotp and AuthWebauthn (/login/2fa/totp, /login/2fa/webauthn): the second step of a sign-in whose
 * password was right. The pending sign-in comes from the password page as router state; without it (a reload, a
 * bookmark) the password page starts again.
 */
function useSecondFactorRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = pendingSignInOf(location.state);
  const onSignedIn = (response: LoginResponse) => {
    void navigate(userHomePath(response.userIndex), { replace: true });
  };
  return { state, onSignedIn };
}

export function TotpRoute() {
  const { state, onSignedIn } = useSecondFactorRoute();
  if (!state) return <Navigate to={signInPath()} replace />;
  return <TotpStep state={state} onSignedIn={onSignedIn} />;
}

export function WebauthnRoute() {
  const { state, onSignedIn } = useSecondFactorRoute();
  if (!state) return <Navigate to={signInPath()} replace />;
  return <PasskeyStep state={state} onSignedIn={onSignedIn} />;
}
