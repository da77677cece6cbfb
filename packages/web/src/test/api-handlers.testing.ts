import {
  defaultUserConfig,
  searchKeywordPatterns,
  type Folder,
  type MessageDetail,
  type MessageSummary,
  type Quota,
  type UserConfig,
  type UserDetails,
} from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { setCookie } from './cookies';

export interface MailState {
  tree: Folder[];
  /** Rows per mailbox id, newest first. */
  messages: Record<string, MessageSummary[]>;
  details?: Record<number, MessageDetail>;
  /** The tree response's storage quota; null (no quota) by default. */
  quota?: Quota | null;
  /** GET /u/{i}/details; `buildUserDetails()` by default. */
  userDetails?: UserDetails;
  /** GET /u/{i}/config (PATCH merges into it); `defaultUserConfig` by default. */
  config?: UserConfig;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

function findFolder(folders: Folder[], id: string): Folder | undefined {
  for (const folder of folders) {
    if (folder.id === id) return folder;
    const child = findFolder(folder.children, id);
    if (child) return child;
  }
  return undefined;
}

/** What a fake API received: `record` it in each handler; a JSON body is kept (other bodies as undefined). */
export function requestLog() {
  const requests: RecordedRequest[] = [];
  const record = async (request: Request) => {
    const body =
      request.method === 'GET'
        ? undefined
        : await request
            .clone()
            .json()
            .catch(() => undefined);
    requests.push({ method: request.method, url: new URL(request.url), body });
  };
  return { requests, record };
}

/** Test-data builder for the user details; nothing disabled unless told. */
export function buildUserDetails(overrides: Partial<UserDetails> = {}): UserDetails {
  return {
    id: 'u1',
    name: 'Alice Example',
    address: 'alice@example.test',
    targets: [],
    quota: null,
    spamLevel: 50,
    timezone: 'Europe/Helsinki',
    view_mode: '3-panel',
    language: 'en',
    meta: {
      ui: { theme: 'blue', color: 'blue' },
      displayDensity: 'default',
      inboxType: 'default',
      showContactList: true,
      onBoardingCompleted: true,
      browserTimezoneSet: true,
      initialVersion: 3,
    },
    disabledFeatures: [],
    ...overrides,
  };
}

/** Marks a user (default 0) as signed in for the session rule. */
export function signIn(userIndex = 0): void {
  setCookie(`wm_exp_${userIndex}`, String(Date.now() + 3_600_000));
}

/**
 * A small in-memory API for a signed-in user: folder tree, paged lists, messages and flag changes. Requests are
 * recorded so tests can assert what the client sent.
 */
export function mailApi(state: MailState) {
  const { requests, record } = requestLog();

  const handlers = [
    http.get('/api/auth/me', async ({ request }) => {
      await record(request);
      const bob = new URL(request.url).searchParams.get('userIndex') === '1';
      return HttpResponse.json(
        bob
          ? { id: 'u2', email: 'bob@example.test', name: 'Bob Builder', twoFactor: [] }
          : { id: 'u1', email: 'alice@example.test', name: 'Alice Example', twoFactor: [] },
      );
    }),
    http.get('/api/auth/accounts', async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        accounts: [
          { uid: 0, email: 'alice@example.test', name: 'Alice Example', avatar: null },
          { uid: 1, email: 'bob@example.test', name: 'Bob Builder', avatar: null },
        ],
      });
    }),
    // The event stream asked again after an error (is it refused for load?): not refused. Tests of a 429 override it.
    http.get('/api/u/:userIndex', () => new HttpResponse(null, { status: 204 })),
    http.get('/api/u/:userIndex/mailbox', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ mailboxes: state.tree, quota: state.quota ?? null });
    }),
    http.get('/api/u/:userIndex/details', async ({ request }) => {
      await record(request);
      return HttpResponse.json(state.userDetails ?? buildUserDetails());
    }),
    // The contacts panel under the folders reads these on every page; empty unless a test says otherwise
    // (not recorded: they are not what these tests are about).
    http.get('/api/u/:userIndex/contacts', () =>
      HttpResponse.json({ contacts: [], total: 0, offset: 0, limit: 100 }),
    ),
    http.get('/api/u/:userIndex/contacts/addressbooks', () =>
      HttpResponse.json({ addressBooks: [{ id: 'book1', name: 'Personal', isDefault: true, count: 0 }] }),
    ),
    http.get('/api/u/:userIndex/contacts/groups', () =>
      HttpResponse.json({ groups: [], total: 0, offset: 0, limit: 500 }),
    ),
    http.get('/api/u/:userIndex/contacts/suggestions', () => HttpResponse.json({ suggestions: [] })),
    // Send later: nothing scheduled (the sidebar's Scheduled entry then stays hidden).
    http.get('/api/u/:userIndex/compose/scheduled', () => HttpResponse.json({ entries: [], count: 0 })),
    // Outgoing addresses: none (the composer offers the account alone; the Account page counts them).
    http.get('/api/u/:userIndex/settings/whitelist', () => HttpResponse.json({ addresses: [] })),
    http.get('/api/u/:userIndex/settings/whitelist/verified', () => HttpResponse.json({ addresses: [] })),
    // The configuration store: the defaults (the device's language applies) unless the state says otherwise.
    http.get('/api/u/:userIndex/config', () => HttpResponse.json(state.config ?? defaultUserConfig)),
    http.patch('/api/u/:userIndex/config', async ({ request }) => {
      await record(request);
      state.config = {
        ...(state.config ?? defaultUserConfig),
        ...((await request.json()) as Partial<UserConfig>),
      };
      return HttpResponse.json(state.config);
    }),
    http.get('/api/u/:userIndex/mailbox/:mailboxId/messages', async ({ request, params }) => {
      await record(request);
      const url = new URL(request.url);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const all = state.messages[String(params.mailboxId)] ?? [];
      return HttpResponse.json({ total: all.length, offset, messages: all.slice(offset, offset + limit) });
    }),
    http.get('/api/u/:userIndex/mailbox/:mailboxId/messages/:messageId', async ({ request, params }) => {
      await record(request);
      const detail = state.details?.[Number(params.messageId)];
      if (!detail)
        return HttpResponse.json({ code: 'NotFound', message: 'Message not found' }, { status: 404 });
      return HttpResponse.json(detail);
    }),
    http.patch('/api/u/:userIndex/mailbox/:mailboxId/messages/:messageId', async ({ request, params }) => {
      await record(request);
      const body = (await request.clone().json()) as { seen?: boolean; flagged?: boolean };
      const id = Number(params.messageId);
      const mailboxId = String(params.mailboxId);
      const detail = state.details?.[id];
      const row = state.messages[mailboxId]?.find((m) => m.id === id);
      const before = {
        seen: detail?.seen ?? row?.seen ?? false,
        flagged: detail?.flagged ?? row?.flagged ?? false,
      };
      const after = { ...before, ...body };
      // Behave like the server: the flags stick and the folder's unseen count follows.
      if (detail) Object.assign(detail, after);
      if (row) Object.assign(row, after);
      if (before.seen !== after.seen) {
        const folder = findFolder(state.tree, mailboxId);
        if (folder) folder.unseen = Math.max(0, folder.unseen + (after.seen ? -1 : 1));
      }
      return HttpResponse.json(after);
    }),
    // The search bar and the sidebar's saved searches are on every page: none saved, the contract's keywords.
    http.get('/api/u/:userIndex/search/saved', () => HttpResponse.json({ savedSearches: [] })),
    http.get('/api/u/:userIndex/search/keywords', () =>
      HttpResponse.json({ keywords: searchKeywordPatterns }),
    ),
    // The mailbox asks whether the auto-reply is on (its banner): off.
    http.get('/api/u/:userIndex/filters/autoreply', () =>
      HttpResponse.json({ status: false, name: '', subject: '', text: '', html: '', start: null, end: null }),
    ),
  ];

  return { handlers, requests };
}
