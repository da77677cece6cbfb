import type {
  Filter,
  FilterInput,
  FiltersImportResult,
  FiltersMassToggle,
  FiltersResponse,
  ForwardingTargets,
} from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { readFormData } from '../../test/form-data.testing';
import { requestLog } from '../../test/api-handlers.testing';

export function buildFilter(id: string, name: string, overrides: Partial<Filter> = {}): Filter {
  return {
    id,
    name,
    disabled: false,
    created: new Date(2024, 4, 2, 10, 15).toISOString(),
    query: { subject: name },
    action: { seen: true },
    metaData: { canTargets: true, canMoveTo: true },
    ...overrides,
  };
}

export interface FiltersApiState {
  filters: Filter[] | null;
  script?: FiltersResponse['script'];
  targets?: string[];
  /** What POST /filters/import answers. */
  importResult?: FiltersImportResult;
  /** GET /filters/targets answers 403 (the plan switches forwarding off). */
  targetsDisabled?: boolean;
  /** How many Inbox messages every filter matches (GET …/inboxMatches); POST …/applyToInbox handles them all. */
  inboxMatches?: number;
  /** GET /filters/spamLevel's `available` (false: the mail server's Sieve lacks spamtestplus). */
  spamLevelAvailable?: boolean | null;
}

/** The filters routes over in-memory state, in list order, as the server answers them. Requests recorded. */
export function filtersApi(state: FiltersApiState) {
  const { requests, record } = requestLog();
  const base = '/api/u/:userIndex/filters';
  let next = 100;
  const list = () => state.filters ?? [];
  const forbidden = () =>
    HttpResponse.json({ code: 'Forbidden', message: 'Not in your plan' }, { status: 403 });
  const handlers = [
    http.get(base, async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        filters: state.filters,
        script: state.script ?? { state: 'ours', activeName: 'webmail' },
      } satisfies FiltersResponse);
    }),
    http.get(`${base}/targets`, async ({ request }) => {
      await record(request);
      if (state.targetsDisabled) return forbidden();
      return HttpResponse.json({ targets: state.targets ?? [] } satisfies ForwardingTargets);
    }),
    http.put(`${base}/targets`, async ({ request }) => {
      await record(request);
      state.targets = ((await request.json()) as ForwardingTargets).targets;
      return HttpResponse.json({ targets: state.targets });
    }),
    http.get(`${base}/spamLevel`, () =>
      HttpResponse.json({ spamLevel: 50, available: state.spamLevelAvailable ?? true }),
    ),
    http.post(`${base}/massDelete`, async ({ request }) => {
      await record(request);
      const { ids } = (await request.json()) as { ids: string[] };
      state.filters = list().filter((f) => !ids.includes(f.id));
      return HttpResponse.json({ deleted: ids.length });
    }),
    http.post(`${base}/massToggle`, async ({ request }) => {
      await record(request);
      const { ids, disabled } = (await request.json()) as FiltersMassToggle;
      state.filters = list().map((f) => (!ids || ids.includes(f.id) ? { ...f, disabled } : f));
      return HttpResponse.json({ changed: ids?.length ?? list().length });
    }),
    http.post(`${base}/moveToBottom/:id`, async ({ request, params }) => {
      await record(request);
      const moved = list().find((f) => f.id === params.id)!;
      state.filters = [...list().filter((f) => f.id !== params.id), moved];
      return HttpResponse.json(moved);
    }),
    http.post(`${base}/import`, async ({ request }) => {
      const file = (await readFormData(request)).get('filtersImport');
      requests.push({
        method: 'POST',
        url: new URL(request.url),
        body: file !== null && typeof file !== 'string' ? 'a file' : file,
      });
      return HttpResponse.json(state.importResult ?? { imported: 0, problems: [] });
    }),
    http.post(`${base}/script/takeOver`, async ({ request }) => {
      await record(request);
      state.script = { state: 'ours', activeName: 'webmail' };
      return HttpResponse.json(state.script);
    }),
    http.post(base, async ({ request }) => {
      await record(request);
      const body = (await request.json()) as FilterInput;
      const created = buildFilter(String((next += 1)), body.name, {
        query: body.query,
        action: body.action,
        disabled: body.disabled ?? false,
      });
      state.filters = [...list(), created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get(`${base}/:id/inboxMatches`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ count: state.inboxMatches ?? 0 });
    }),
    http.post(`${base}/:id/applyToInbox`, async ({ request }) => {
      await record(request);
      const total = state.inboxMatches ?? 0;
      return HttpResponse.json({ total, handled: total });
    }),
    http.patch(`${base}/:id`, async ({ request, params }) => {
      await record(request);
      const patch = (await request.json()) as Partial<Filter>;
      state.filters = list().map((f) => (f.id === params.id ? { ...f, ...patch } : f));
      return HttpResponse.json(list().find((f) => f.id === params.id));
    }),
  ];
  return { handlers, requests, state };
}
