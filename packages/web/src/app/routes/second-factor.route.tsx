import { SecondFactorUnavailable } from '../../features/auth/components/second-factor-unavailable';

/**
 * Routes AuthTotp and AuthWebauthn (/login/2fa/totp, /login/2fa/webauthn). Their code and passkey steps arrive with
 * two-factor sign-in; until then the pages say so honestly and lead back to the password sign-in.
 */
export function TotpRoute() {
  return <SecondFactorUnavailable method="totp" />;
}

export function WebauthnRoute() {
  return <SecondFactorUnavailable method="webauthn" />;
}
