import type {
  ApiError,
  OutgoingAddress,
  OutgoingAddressCreate,
  OutgoingAddressPatch,
} from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { requestLog } from '../../test/api-handlers.testing';

export function buildOutgoingAddress(
  id: string,
  address: string,
  verified = false,
  name = '',
): OutgoingAddress {
  const at = new Date(2024, 4, 2, 10, 15).toISOString();
  return { id, address, name, verified, created: at, codeSent: verified ? null : at };
}

export interface OutgoingAddressesApiState {
  addresses: OutgoingAddress[];
  /** The code each pending address takes (as mailed by the server). */
  codes?: Record<string, string>;
  /** The next create answers this error instead (once). */
  failNext?: { status: number; body: ApiError };
}

const notFound = () => HttpResponse.json({ code: 'NotFound', message: 'Not found' }, { status: 404 });

/** The outgoing-address routes over in-memory state, as the server answers them. Requests recorded. */
export function outgoingAddressesApi(state: OutgoingAddressesApiState = { addresses: [] }) {
  const { requests, record } = requestLog();
  const base = '/api/u/:userIndex/settings/whitelist';
  let next = 100;
  const sorted = () => [...state.addresses].sort((a, b) => a.address.localeCompare(b.address));
  const replace = (entry: OutgoingAddress) => {
    state.addresses = [...state.addresses.filter((a) => a.id !== entry.id), entry];
    return HttpResponse.json(entry);
  };
  const handlers = [
    http.get(base, () => HttpResponse.json({ addresses: sorted() })),
    http.get(`${base}/verified`, () => HttpResponse.json({ addresses: sorted().filter((a) => a.verified) })),
    http.post(base, async ({ request }) => {
      await record(request);
      const fail = state.failNext;
      state.failNext = undefined;
      if (fail) return HttpResponse.json(fail.body, { status: fail.status });
      const body = (await request.json()) as OutgoingAddressCreate;
      const created = buildOutgoingAddress(
        String((next += 1)),
        body.address.toLowerCase(),
        false,
        body.name ?? '',
      );
      state.addresses.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.post(`${base}/:id/verify`, async ({ request, params }) => {
      await record(request);
      const entry = state.addresses.find((a) => a.id === params.id);
      if (!entry) return notFound();
      const { code } = (await request.json()) as { code: string };
      if (state.codes?.[entry.id] !== code)
        return HttpResponse.json(
          {
            code: 'ValidationError',
            message: 'The code is not valid',
            errors: { code: ['The code is not valid'] },
            fieldErrors: { code: [{ code: 'wrongCode' }] },
          },
          { status: 422 },
        );
      return replace({ ...entry, verified: true, codeSent: null });
    }),
    http.patch(`${base}/:id`, async ({ request, params }) => {
      await record(request);
      const entry = state.addresses.find((a) => a.id === params.id);
      if (!entry) return notFound();
      return replace({ ...entry, name: ((await request.json()) as OutgoingAddressPatch).name ?? '' });
    }),
    http.delete(`${base}/:id`, async ({ request, params }) => {
      await record(request);
      if (!state.addresses.some((a) => a.id === params.id)) return notFound();
      state.addresses = state.addresses.filter((a) => a.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  ];
  return { handlers, requests, state };
}
