import { z } from 'zod';

/** E-mail check: valid address, TLD list not checked, at most 256 characters. */
export const EmailAddress = z.string().trim().min(1).max(256).pipe(z.email());

/**
 * A whole number from a path or query string, written in plain decimal digits. `Number()` (z.coerce)
 * also takes `0x10`, `1e3`, `+7`, ` 7` and '' (→ 0: an empty userIndex read as slot 0), so it is not
 * used for request numbers.
 */
export function decimalParam(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, 'Expected a whole number in decimal digits')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/**
 * IMAP numbers (UIDs, message sequence numbers, body part numbers) are RFC 9051 `nz-number`s:
 * 1..4294967295. A larger one never names a message; sent to the mail server it only earns a BAD.
 */
export const imapNumberMax = 4_294_967_295;
/** A UID in a JSON body. */
export const ImapUid = z.number().int().min(1).max(imapNumberMax);
/** A UID in a path or query string. */
export const ImapUidParam = decimalParam(1, imapNumberMax);
/** An IMAP body part number (`2`, `1.2`, …): each level an nz-number, at most 32 levels. */
export const ImapPartNumber = z
  .string()
  .max(400)
  .regex(/^[1-9][0-9]{0,9}(\.[1-9][0-9]{0,9}){0,31}$/, 'IMAP body part number')
  .refine((v) => v.split('.').every((n) => Number(n) <= imapNumberMax), 'IMAP body part number');

export const Address = z.object({ name: z.string(), address: z.string() });
export type Address = z.infer<typeof Address>;

export const HealthResponse = z.object({
  ok: z.literal(true),
  name: z.string(),
  version: z.string(),
  /** External sign-in application (AUTH_APP_URL); null when the built-in sign-in pages serve. */
  authAppUrl: z.string().nullable(),
  /** Single sign-on (OpenID Connect): the provider's name for the sign-in button; absent or null when off. */
  oidc: z.object({ name: z.string() }).nullable().optional(),
  /** Whether the password sign-in is offered (PASSWORD_SIGN_IN); absent = yes. */
  passwordSignIn: z.boolean().optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** `GET /api/health/live`: the process answers (no dependency is checked). */
export const LivenessResponse = z.object({ live: z.literal(true) });
export type LivenessResponse = z.infer<typeof LivenessResponse>;

/** One dependency as the readiness probe found it. */
export const ReadinessCheck = z.enum(['ok', 'failed']);
/** `GET /api/health/ready`: 200 when every check is `ok`, else 503 with the same body. */
export const ReadinessResponse = z
  .object({
    ready: z.boolean(),
    checks: z.object({ database: ReadinessCheck, migrations: ReadinessCheck, imap: ReadinessCheck }),
  })
  .meta({ id: 'ReadinessResponse' });
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;
