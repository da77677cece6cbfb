import { defineEndpoint, type EndpointDefinition, type HttpMethod } from '@webmail/contracts';
import { HttpResponse } from 'msw';
import { z } from 'zod';
import { configureApiClient } from './api-client';

/** The client as the app starts it: Finnish, every 401 handled, nothing told of an ended session. */
export const resetApiClient = () =>
  configureApiClient({
    getLanguage: () => 'fi',
    handlesUnauthorized: () => true,
    onSessionExpired: () => {},
  });

export const unauthorized = () =>
  HttpResponse.json({ code: 'Unauthorized', message: 'expired' }, { status: 401 });

/** An endpoint of the test's own: any answer is accepted, so the tests look at the transport alone. */
export function endpoint<const E extends Partial<EndpointDefinition>>(
  method: HttpMethod,
  path: `/${string}`,
  extra: E,
) {
  return defineEndpoint({
    method,
    path,
    auth: 'public',
    summary: 'test',
    tags: [],
    responses: { 200: z.unknown() },
    errors: [],
    ...extra,
  });
}

export const userIndexParams = z.object({ userIndex: z.number() });
export const postThings = endpoint('POST', '/things', { body: z.object({ a: z.number() }) });
export const getThings = endpoint('GET', '/things', {});
export const postAuth = endpoint('POST', '/auth', { body: z.object({}) });
export const mailbox = endpoint('GET', '/u/:userIndex/mailbox', { params: userIndexParams });
export const inboxMessages = endpoint('GET', '/u/:userIndex/mailbox/INBOX/messages', {
  params: userIndexParams,
});
export const me = endpoint('GET', '/auth/me', { query: userIndexParams });
export const upload = endpoint('POST', '/u/:userIndex/compose/attachments', {
  params: userIndexParams,
  query: z.object({ draftId: z.string() }),
  multipart: true,
});
export const slow = endpoint('GET', '/slow', { timeoutMs: 30 });
export const list = endpoint('GET', '/list', {
  query: z.object({ offset: z.number(), limit: z.number(), empty: z.string().optional() }),
});

/** A promise the test resolves by hand. */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
