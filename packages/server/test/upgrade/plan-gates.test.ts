import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisabledFeature } from '@webmail/contracts';
import { startServer } from '../support/harness.testing.js';

/**
 * Which routes belong to which plan feature, written down independently of the endpoint descriptors: the plan gate
 * is declared on the descriptor (`feature`) and checked with the session (route-auth.ts), so a gated route that
 * forgot its flag would simply be open. Routes not listed must carry no flag.
 */
const u = '/api/u/:userIndex';
function expectedFeature(method: string, url: string): DisabledFeature | undefined {
  if (url.startsWith(`${u}/contacts`)) return 'contacts';
  if (url.startsWith(`${u}/signatures`)) return 'signatures';
  if (url.startsWith(`${u}/mailbox/folders`) && method !== 'GET') return 'folders';
  if (url === `${u}/filters/targets`) return 'targets';
  if (url === `${u}/filters/autoreply`) return 'autoreply';
  if (url.startsWith(`${u}/filters`)) {
    // The list answers `filters: null` when the plan lacks them (the page then offers the upgrade); the spam level
    // is no plan feature; taking the script over only re-uploads what the plan allows.
    const open = [
      `GET ${u}/filters`,
      `${method} ${u}/filters/spamLevel`,
      `POST ${u}/filters/script/takeOver`,
    ];
    return open.includes(`${method} ${url}`) ? undefined : 'filters';
  }
  return undefined;
}

describe('plan gates on the endpoint descriptors', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer('sqlite');
  });
  afterAll(() => server.close());

  it('names its plan feature on every route of a gated feature, and on no other route', () => {
    const routes = server.app.services.routes.filter((r) => r.method !== 'HEAD');
    const gated = routes.filter((r) => expectedFeature(r.method, r.url));
    // Every gated feature has routes here (a renamed path would otherwise make this test check nothing).
    expect(new Set(gated.map((r) => expectedFeature(r.method, r.url)))).toEqual(
      new Set(['contacts', 'signatures', 'folders', 'filters', 'targets', 'autoreply']),
    );
    const wrong = routes
      .filter((r) => r.feature !== expectedFeature(r.method, r.url))
      .map(
        (r) =>
          `${r.method} ${r.url}: ${r.feature ?? 'no flag'}, expected ${expectedFeature(r.method, r.url)}`,
      );
    expect(wrong).toEqual([]);
    for (const r of gated) expect(r.auth, `${r.method} ${r.url}`).toBe('session');
  });
});
