import { useState, useSyncExternalStore } from 'react';
import {
  notificationPermission,
  notificationsEnabled,
  setNotificationsEnabled,
  subscribeNotificationPreference,
} from '../lib/notification-preference';

/**
 * The desktop-notification switch: on only while the choice is stored and the browser allows notifications.
 * Turning it on asks for the permission (only ever here, on the user's click; never on load).
 */
export function useNotificationSetting(userIndex: number) {
  const stored = useSyncExternalStore(subscribeNotificationPreference, () => notificationsEnabled(userIndex));
  const [permission, setPermission] = useState(notificationPermission);
  const [asking, setAsking] = useState(false);

  const setEnabled = async (enabled: boolean) => {
    if (!enabled || permission === 'unsupported') {
      setNotificationsEnabled(userIndex, false);
      return;
    }
    let granted = permission;
    if (granted === 'default') {
      setAsking(true);
      try {
        granted = await Notification.requestPermission();
      } finally {
        setAsking(false);
      }
      setPermission(granted);
    }
    setNotificationsEnabled(userIndex, granted === 'granted');
  };

  return {
    enabled: stored && permission === 'granted',
    permission,
    /** The permission prompt is open. */
    asking,
    setEnabled,
  };
}
