import { FolderSettings } from '../../features/mailboxes/components/folder-settings';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { useUserIndex } from '../../shared/session/use-user-index';

/** Page Folders, told whether retention also runs while the user is away (mailboxes cannot import settings). */
export function FolderSettingsPage() {
  const unavailable = useUserDetails(useUserIndex()).data?.unavailableFeatures ?? [];
  return (
    <FolderSettings
      retentionOnlySignedIn={unavailable.some((entry) => entry.feature === 'retentionWhileAway')}
    />
  );
}
