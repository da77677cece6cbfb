import Button from '@mui/material/Button';
import { authEndpoints, languages, type Language } from '@webmail/contracts';
import { endpointUrl } from '../../../shared/api/call-api';
import { useTranslation } from '../../../shared/i18n/translation';

const isLanguage = (value: string | undefined): value is Language =>
  (languages as readonly string[]).includes(value ?? '');

/**
 * "Sign in with <provider>": a full page load to the server, which sends the browser on to the identity provider
 * with the page's language and the sign-in reason, and back signed in (or to this page with the refusal's reason).
 */
export function SingleSignOnButton({ provider, reason }: { provider: string; reason: string | null }) {
  const { t, i18n } = useTranslation('auth');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const href = endpointUrl(authEndpoints.oidcStart, undefined, {
    ...(isLanguage(lang) ? { lang } : {}),
    ...(reason && /^[A-Za-z0-9_.-]{1,64}$/.test(reason) ? { reason } : {}),
  });
  return (
    <Button variant="contained" size="large" href={href}>
      {t('sso.button', { provider })}
    </Button>
  );
}
