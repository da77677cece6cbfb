import { NotificationSetting } from '../../features/events/components/notification-setting';
import { GeneralPage } from '../../features/settings/components/general-page';

/** Page General with the live events' notification switch in its slot (settings cannot import events). */
export function GeneralSettingsPage() {
  return <GeneralPage notifications={<NotificationSetting />} />;
}
