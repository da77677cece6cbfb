import type { ApiError, Folder } from '@webmail/contracts';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { buildFolder } from '../../test/folder.testing';

export interface FolderCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * An answer the test chooses for the next folder write: an API error with its status, sent once `until`
 * resolves (so a test can look at the optimistic state before the failure arrives).
 */
export type FolderFailure = { status: number; body: ApiError; until?: Promise<void> };

/**
 * The folder writes (POST/PATCH/DELETE /mailbox/folders, PATCH updateOrder) for tests: every call is
 * recorded; `fail` makes the next write answer an error instead.
 */
export function folderApi() {
  const calls: FolderCall[] = [];
  let failure: FolderFailure | null = null;
  const answer = async (request: Request, success: (body: unknown) => JsonBodyType) => {
    const body: unknown = request.method === 'DELETE' ? undefined : await request.clone().json();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    if (failure) {
      const { status, body: errorBody, until } = failure;
      failure = null;
      await until;
      return HttpResponse.json(errorBody, { status });
    }
    return HttpResponse.json(success(body));
  };
  const folderOf = (body: unknown, id: string): Folder =>
    buildFolder({ id, name: String((body as { name?: string } | undefined)?.name ?? id) });

  const handlers = [
    http.post('/api/u/:userIndex/mailbox/folders', ({ request }) =>
      answer(request, (body) => folderOf(body, 'id-new')),
    ),
    http.patch('/api/u/:userIndex/mailbox/folders/updateOrder', ({ request }) =>
      answer(request, () => ({ ok: true })),
    ),
    http.patch('/api/u/:userIndex/mailbox/folders/:id', ({ request, params }) =>
      answer(request, (body) => folderOf(body, String(params.id))),
    ),
    http.delete('/api/u/:userIndex/mailbox/folders/:id', ({ request }) =>
      answer(request, () => ({ ok: true })),
    ),
  ];

  return {
    handlers,
    calls,
    fail(next: FolderFailure) {
      failure = next;
    },
  };
}
