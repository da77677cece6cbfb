import type { ApplicationPassword, TwoFactorStatus } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { requestLog } from '../../test/api-handlers.testing';

export function buildTwoFactorStatus(overrides: Partial<TwoFactorStatus> = {}): TwoFactorStatus {
  return {
    methods: [],
    totp: { enabled: false, enabledAt: null },
    webauthn: [],
    recoveryCodesLeft: 0,
    reauthenticatedUntil: null,
    ...overrides,
  };
}

/**
 * The security settings routes over in-memory state, as the server answers them: the two-factor state, the
 * re-authentication (password `right` passes), TOTP set-up and enabling (code `123456` passes), application
 * passwords. Requests recorded.
 */
export function securityApi(
  state: { twoFactor?: TwoFactorStatus; appPasswords?: ApplicationPassword[] } = {},
) {
  const { requests, record } = requestLog();
  const twoFactor = state.twoFactor ?? buildTwoFactorStatus();
  const appPasswords = state.appPasswords ?? [];
  const base = '/api/u/:userIndex/security';
  const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
  const handlers = [
    http.get(`${base}/2fa`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(twoFactor);
    }),
    http.post(`${base}/reauth`, async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as { password?: string };
      if (body.password !== 'right') {
        return HttpResponse.json(
          { code: 'AuthFailed', reason: 'wrongPassword', message: 'no' },
          { status: 401 },
        );
      }
      twoFactor.reauthenticatedUntil = Date.now() + 300_000;
      return HttpResponse.json({ reauthenticatedUntil: twoFactor.reauthenticatedUntil });
    }),
    http.post(`${base}/2fa/totp/setup`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/Webmail:alice%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Webmail',
      });
    }),
    http.post(`${base}/2fa/totp/enable`, async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as { code: string };
      if (body.code !== '123456') {
        return HttpResponse.json(
          {
            code: 'ValidationError',
            reason: 'wrongCode',
            message: 'no',
            fieldErrors: { code: [{ code: 'wrongCode' }] },
          },
          { status: 422 },
        );
      }
      twoFactor.totp = { enabled: true, enabledAt: Date.now() };
      twoFactor.methods = ['totp'];
      twoFactor.recoveryCodesLeft = 10;
      return HttpResponse.json({ recoveryCodes: codes });
    }),
    http.get(`${base}/asps`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ supported: true, max: 100, items: appPasswords });
    }),
    http.post(`${base}/asps`, async ({ request }) => {
      await record(request);
      const body = (await request.clone().json()) as {
        description: string;
        scopes: ApplicationPassword['scopes'];
      };
      const item = { id: `asp${appPasswords.length}`, ...body, createdAt: Date.now(), lastUse: null };
      appPasswords.unshift(item);
      return HttpResponse.json({ item, password: 'abcdefghijklmnop' });
    }),
  ];
  return { handlers, requests, twoFactor, appPasswords, recoveryCodes: codes };
}
