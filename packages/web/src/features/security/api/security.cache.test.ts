import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applySecurityEvent } from './security.cache';
import { securityKeys } from './security.keys';

describe('live security events', () => {
  it('re-read the two-step state for passkeys and the list for application passwords', () => {
    const client = new QueryClient();
    client.setQueryData(securityKeys.twoFactor(0), { methods: [] });
    client.setQueryData(securityKeys.appPasswords(0), { items: [] });
    expect(applySecurityEvent(client, 0, { command: 'webauthnAdded', id: 'k' })).toBe(true);
    expect(client.getQueryState(securityKeys.twoFactor(0))?.isInvalidated).toBe(true);
    expect(client.getQueryState(securityKeys.appPasswords(0))?.isInvalidated).toBe(false);
    expect(applySecurityEvent(client, 0, { command: 'applicationPasswordRemoved', id: 'a' })).toBe(true);
    expect(client.getQueryState(securityKeys.appPasswords(0))?.isInvalidated).toBe(true);
    expect(applySecurityEvent(client, 0, { command: 'folderOrder' })).toBe(false);
  });
});
