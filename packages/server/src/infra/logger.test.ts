import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logger.js';

describe('loggedUrl', () => {
  it("leaves out the mail push's query: the account, its folder names and UIDs", () => {
    const push = encodeURIComponent(
      JSON.stringify({ user: 'alice@example.test', events: [{ mailbox: 'Läkare' }] }),
    );
    expect(loggedUrl(`/api/mail-push?push=${push}`)).toBe('/api/mail-push?[redacted]');
    expect(loggedUrl('/api/mail-push?user=alice%40example.test')).toBe('/api/mail-push?[redacted]');
    expect(loggedUrl('/%61pi/mail-push?user=alice%40example.test')).toBe('/%61pi/mail-push?[redacted]');
  });

  it("leaves out the image proxy's query and keeps every other URL whole", () => {
    expect(loggedUrl('/api/proxy/image?url=http%3A%2F%2Fx.test%2Fa.png&sig=abc')).toBe(
      '/api/proxy/image?[redacted]',
    );
    expect(loggedUrl('/api/u/0/messages?folder=INBOX&page=2')).toBe('/api/u/0/messages?folder=INBOX&page=2');
    expect(loggedUrl('/api/mail-push')).toBe('/api/mail-push');
  });
});
