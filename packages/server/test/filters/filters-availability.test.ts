import { describe, expect, it } from 'vitest';
import type { ApiError, Filter, FiltersResponse, UserDetails } from '@webmail/contracts';
import { signedIn, startServer } from '../support/harness.testing.js';
import { filtersBase as base, subjectFilter } from '../support/filters.testing.js';

/** The filters API when the Sieve server is away, and with filters, forwarding or auto-reply switched off. */
describe('when the Sieve server cannot be reached', () => {
  it('answers 503 and changes nothing', async () => {
    const server = await startServer('sqlite', { SIEVE_PORT: '1' });
    try {
      const { client } = await signedIn(server, 'nosieve');
      const res = await client.post<ApiError>(base, subjectFilter('A', 'alpha'));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBeTruthy();
      const targets = await client.request('PUT', `${base}/targets`, {
        body: { targets: ['a@elsewhere.test'] },
      });
      expect(targets.status).toBe(503);
      expect((await client.get<UserDetails>('/api/u/0/details')).body.targets).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('DISABLED_FEATURES=filters,targets,autoreply', () => {
  it('returns a null list and refuses the switched-off calls clearly', async () => {
    const server = await startServer('sqlite', { DISABLED_FEATURES: 'filters,targets,autoreply' });
    try {
      const { client } = await signedIn(server, 'off');
      expect((await client.get<FiltersResponse>(base)).body.filters).toBeNull();
      const create = await client.post<ApiError>(base, subjectFilter('A', 'alpha'));
      expect(create.status).toBe(403);
      expect(create.body.reason).toBe('filtersDisabled');
      const targets = await client.get<ApiError>(`${base}/targets`);
      expect(targets.body.reason).toBe('targetsDisabled');
      const reply = await client.get<ApiError>(`${base}/autoreply`);
      expect(reply.body.reason).toBe('autoreplyDisabled');
      // The spam level is not a plan feature.
      expect((await client.request('PUT', `${base}/spamLevel`, { body: { spamLevel: 40 } })).status).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });

  it('refuses forward actions when only targets are switched off, and says canTargets: false', async () => {
    const server = await startServer('sqlite', { DISABLED_FEATURES: 'targets' });
    try {
      const { client } = await signedIn(server, 'notargets');
      const forward = await client.post<ApiError>(base, {
        name: 'Fw',
        query: { subject: 'x' },
        action: { targets: ['a@elsewhere.test'] },
      });
      expect(forward.status).toBe(403);
      expect(forward.body.reason).toBe('targetsDisabled');
      const plain = await client.post<Filter>(base, subjectFilter('Plain', 'x'));
      expect(plain.body.metaData).toEqual({ canTargets: false, canMoveTo: true });
    } finally {
      await server.close();
    }
  });
});
