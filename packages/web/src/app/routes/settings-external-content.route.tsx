import { ExternalContentSettingsPage } from '../../features/settings/components/external-content-settings';
import { useUserIndex } from '../../shared/session/use-user-index';

/** Route ExternalContent (/u/:userIndex/settings/security/content). */
export function SettingsExternalContentRoute() {
  return <ExternalContentSettingsPage userIndex={useUserIndex()} />;
}
