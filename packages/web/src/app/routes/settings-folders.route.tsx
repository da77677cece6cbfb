import { FolderSettings } from '../../features/mailboxes/components/folder-settings';
import { useUserDetails } from '../../features/settings/api/get-user-details';
import { FeatureUnavailable } from '../../layouts/settings/feature-unavailable';
import { useUserIndex } from '../../shared/session/use-user-index';

/** Route Folders (/u/:userIndex/settings/folders): folder management, unless the plan disables it (spec §6). */
export function SettingsFoldersRoute() {
  const userIndex = useUserIndex();
  const details = useUserDetails(userIndex);
  if (details.data?.disabledFeatures.includes('folders')) return <FeatureUnavailable />;
  return <FolderSettings userIndex={userIndex} />;
}
