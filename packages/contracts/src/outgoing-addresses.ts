import { z } from 'zod';
import { singleLine } from './text-fields.js';
import { UserIndex } from './auth.js';
import { EmailAddress } from './common.js';

/**
 * Outgoing addresses ("whitelist", /settings/whitelist): extra From addresses an account may send as once
 * it proved it receives mail there. Adding one sends a verification mail with a link and a code; the link or the
 * code marks it verified. Only verified ones are offered in the composer, and the mail server itself refuses an
 * envelope sender the login does not own (Postfix sender-login map fed by the webmail).
 */
export const outgoingAddressLimits = {
  max: 20,
  nameMaxLength: 64,
  codeLength: 6,
  /** A code or link older than this no longer verifies (send a new one). */
  codeTtlMs: 24 * 3_600_000,
  /** Wrong codes after which the code is spent (send a new one). */
  codeAttemptsMax: 5,
  /** Verification mails one account may have sent in one hour. */
  mailsPerHour: 5,
  /** The least time between two verification mails to one address. */
  resendIntervalMs: 60_000,
} as const;

export const OutgoingAddress = z
  .object({
    id: z.string(),
    address: z.string(),
    name: z.string(),
    verified: z.boolean(),
    /** ISO 8601. */
    created: z.string(),
    /** When the last verification mail went out (ISO 8601); null once verified. */
    codeSent: z.string().nullable(),
  })
  .meta({ id: 'OutgoingAddress' });
export type OutgoingAddress = z.infer<typeof OutgoingAddress>;

export const OutgoingAddressesResponse = z.object({ addresses: z.array(OutgoingAddress) });
export type OutgoingAddressesResponse = z.infer<typeof OutgoingAddressesResponse>;

const name = singleLine(
  z.string().trim().max(outgoingAddressLimits.nameMaxLength, 'A name can be at most 64 characters'),
).default('');

export const OutgoingAddressCreate = z.object({ address: EmailAddress, name }).strict();
export type OutgoingAddressCreate = z.input<typeof OutgoingAddressCreate>;

/** PATCH body ("data"): the display name the From carries. */
export const OutgoingAddressPatch = z.object({ name }).strict();
export type OutgoingAddressPatch = z.input<typeof OutgoingAddressPatch>;

export const OutgoingAddressVerify = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'The code is the six digits of the verification mail'),
  })
  .strict();
export type OutgoingAddressVerify = z.input<typeof OutgoingAddressVerify>;

export const OutgoingAddressParams = z.object({ userIndex: UserIndex, id: z.string().min(1).max(64) });

/** The link of the verification mail: its token names the address (no session needed: it may open elsewhere). */
export const OutgoingAddressLinkParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
