/**
 * Whether desktop notifications for new mail are on, per user index, in this browser's localStorage: a choice about
 * this device (its permission, its screen), not about the account. Other tabs follow through the `storage` event.
 */
const storageKey = (userIndex: number) => `webmail.desktopNotifications.${userIndex}`;
const listeners = new Set<() => void>();

export function notificationsEnabled(userIndex: number): boolean {
  try {
    return window.localStorage.getItem(storageKey(userIndex)) === 'on';
  } catch {
    return false;
  }
}

export function setNotificationsEnabled(userIndex: number, enabled: boolean): void {
  try {
    if (enabled) window.localStorage.setItem(storageKey(userIndex), 'on');
    else window.localStorage.removeItem(storageKey(userIndex));
  } catch {
    // Storage refused (private mode, quota): the switch simply stays off.
  }
  for (const listener of [...listeners]) listener();
}

/** Calls `listener` when the choice changes here or in another tab; returns the unsubscribe function. */
export function subscribeNotificationPreference(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The browser's notification permission; `unsupported` where it has no notifications. */
export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}
