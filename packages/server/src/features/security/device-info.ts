import { UAParser } from 'ua-parser-js';
import type { DeviceInfo } from '@webmail/contracts';

/** What a person recognises of a user agent: browser and system with major versions, and a mobile/tablet type. */
export function deviceInfo(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent) return { browser: null, os: null, type: null };
  const ua = new UAParser(userAgent).getResult();
  const major = (name?: string, version?: string) =>
    name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null;
  return {
    browser: major(ua.browser.name, ua.browser.version),
    os: major(ua.os.name, ua.os.version),
    type: ua.device.type ?? null,
  };
}
