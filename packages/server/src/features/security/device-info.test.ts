import { describe, expect, it } from 'vitest';
import { deviceInfo } from './device-info.js';

describe('deviceInfo', () => {
  it('names browser, system and the kind of device', () => {
    expect(
      deviceInfo(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.71 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome 120', os: 'Linux', type: null });
    expect(
      deviceInfo(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17', type: 'mobile' });
  });

  it('answers nulls for no user agent (mail clients)', () => {
    expect(deviceInfo('')).toEqual({ browser: null, os: null, type: null });
  });
});
