import { z } from 'zod';
import { multiLine, singleLine } from './text-fields.js';
import { UserIndex } from './auth.js';

/**
 * Signatures (settings/signatures): several per account, each a name and rich text made with the composer's editor
 * (inline images as data: URLs, within the composer's inline-image limits). Exactly one may be the default:
 * marking another one unmarks the old. The composer inserts the default into new mail, replies and forwards.
 */
export const signatureLimits = {
  max: 20,
  nameMaxLength: 100,
  /** The HTML with its inline images; each image also keeps to `composeLimits.inlineImageMaxBytes`. */
  htmlMaxBytes: 2 * 1024 * 1024,
} as const;

export const Signature = z
  .object({
    id: z.string(),
    name: z.string(),
    html: z.string(),
    default: z.boolean(),
    /** ISO 8601. */
    created: z.string(),
    updated: z.string(),
  })
  .meta({ id: 'Signature' });
export type Signature = z.infer<typeof Signature>;

export const SignaturesResponse = z.object({ signatures: z.array(Signature) });
export type SignaturesResponse = z.infer<typeof SignaturesResponse>;

const name = singleLine(
  z
    .string()
    .trim()
    .min(1, 'Give the signature a name')
    .max(signatureLimits.nameMaxLength, 'A signature name can be at most 100 characters'),
);
const html = multiLine(z.string().max(signatureLimits.htmlMaxBytes, 'The signature is too large'));

export const SignatureCreate = z.object({ name, html, default: z.boolean().default(false) }).strict();
export type SignatureCreate = z.input<typeof SignatureCreate>;

export const SignaturePatch = z
  .object({ name: name.optional(), html: html.optional(), default: z.boolean().optional() })
  .strict();
export type SignaturePatch = z.infer<typeof SignaturePatch>;

export const SignatureParams = z.object({ userIndex: UserIndex, id: z.string().min(1).max(64) });
