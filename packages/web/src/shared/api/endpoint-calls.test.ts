import { describe, expect, it } from 'vitest';
import { appSources, isTestFile, literalsMatching } from '../../test/source-literals';

/**
 * Every API call is built from an endpoint descriptor (`callApi`, `endpointUrl`): no file outside `shared/api`
 * writes an API path. The lint rule forbids the path-string functions; this test catches a path written by hand
 * and handed to anything else (`fetch`, an `<a href>`).
 */

/** Paths the server answers under `/api`; the app's own pages (`/u/{i}/{mailboxId}`, `/login`…) are not among them. */
const apiPath = new RegExp(
  [
    String.raw`^/api(/|$)`,
    String.raw`^/(auth|translations|proxy)(/|$)`,
    String.raw`/u/[^/]+/(mailbox|details|settings/externalContent|compose/(drafts|attachments|send|outbox|replyTo))(/|$)`,
  ].join('|'),
);

describe('API calls', () => {
  it('scans the app', () => {
    expect(Object.keys(appSources).length).toBeGreaterThan(100);
  });

  it('has no API path written by hand outside shared/api', () => {
    const outsideApi = (file: string) => !isTestFile(file) && !file.startsWith('/src/shared/api/');
    expect(literalsMatching(apiPath, outsideApi)).toEqual([]);
  });

  it('recognises the API paths it looks for, and not the app’s own pages', () => {
    const api = ['/api/u/0/mailbox', '/auth/me', '/u/${…}/mailbox/${…}/messages', '/u/${…}/compose/drafts/x'];
    const pages = ['/u/${…}/${…}', '/u/${…}/compose/${…}', '/u/${…}/settings/security/content', '/login'];
    expect(api.filter((path) => !apiPath.test(path))).toEqual([]);
    expect(pages.filter((path) => apiPath.test(path))).toEqual([]);
  });
});
