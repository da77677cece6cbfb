import type { ApiError, Signature, SignatureCreate, SignaturePatch } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { requestLog } from '../../test/api-handlers.testing';

export function buildSignature(id: string, name: string, html: string, isDefault = false): Signature {
  const at = new Date(2024, 4, 2, 10, 15).toISOString();
  return { id, name, html, default: isDefault, created: at, updated: at };
}

export interface SignaturesApiState {
  signatures: Signature[];
  /** The next create or update answers this error instead (once). */
  failNext?: { status: number; body: ApiError };
}

const sorted = (list: Signature[]) =>
  [...list].sort((a, b) => Number(b.default) - Number(a.default) || a.name.localeCompare(b.name));

/** The signatures routes over in-memory state, as the server answers them (one default). Requests recorded. */
export function signaturesApi(state: SignaturesApiState = { signatures: [] }) {
  const { requests, record } = requestLog();
  const base = '/api/u/:userIndex/signatures';
  let next = 100;
  const failure = () => {
    const fail = state.failNext;
    if (!fail) return null;
    state.failNext = undefined;
    return HttpResponse.json(fail.body, { status: fail.status });
  };
  const save = (signature: Signature) => {
    state.signatures = state.signatures
      .filter((s) => s.id !== signature.id)
      .map((s) => (signature.default ? { ...s, default: false } : s));
    state.signatures.push(signature);
    return signature;
  };
  const handlers = [
    http.get(base, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ signatures: sorted(state.signatures) });
    }),
    http.post(base, async ({ request }) => {
      await record(request);
      const failed = failure();
      if (failed) return failed;
      const body = (await request.json()) as SignatureCreate;
      const created = buildSignature(String((next += 1)), body.name, body.html, body.default ?? false);
      return HttpResponse.json(save(created), { status: 201 });
    }),
    http.patch(`${base}/:id`, async ({ request, params }) => {
      await record(request);
      const failed = failure();
      if (failed) return failed;
      const old = state.signatures.find((s) => s.id === params.id);
      if (!old)
        return HttpResponse.json({ code: 'NotFound', message: 'Signature not found' }, { status: 404 });
      return HttpResponse.json(save({ ...old, ...((await request.json()) as SignaturePatch) }));
    }),
    http.delete(`${base}/:id`, async ({ request, params }) => {
      await record(request);
      state.signatures = state.signatures.filter((s) => s.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, requests, state };
}
