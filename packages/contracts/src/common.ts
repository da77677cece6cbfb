import { z } from 'zod';

/** Spec §5 e-mail check: valid address, TLD list not checked, at most 256 characters. */
export const EmailAddress = z.string().trim().min(1).max(256).pipe(z.email());

export const Address = z.object({ name: z.string(), address: z.string() });
export type Address = z.infer<typeof Address>;

export const HealthResponse = z.object({
  ok: z.literal(true),
  name: z.string(),
  version: z.string(),
  /** External sign-in application (AUTH_APP_URL); null when the built-in sign-in pages serve. */
  authAppUrl: z.string().nullable(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
