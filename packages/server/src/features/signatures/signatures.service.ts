import {
  composeLimits,
  formatBytes,
  signatureLimits,
  type Signature,
  type SignaturePatch,
} from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { FieldProblems, notFound, refusal } from '../../infra/errors.js';
import type { PublishEvent } from '../../infra/events/event-bus.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import { sanitizeMailHtml } from '../../mail/mime/sanitize-html.js';
import type { SignatureRow, SignaturesRepository } from './signatures.repository.js';

/** The create body after its schema (the default flag filled in). */
export interface SignatureCreateInput {
  name: string;
  html: string;
  default: boolean;
}

/**
 * Signatures (settings/signatures): a name and rich text each, at most one the default. The HTML is sanitized
 * with the reader's sanitizer before it is stored (it is inserted into the composer and sent as it is): no
 * scripts, no remote loads; inline images stay as data: URLs within the composer's inline-image limit.
 * Every change publishes `signatureUpdated` / `signatureDeleted`. Switched off by the plan flag `signatures`, declared on the endpoints (the session check refuses the routes).
 */
export class SignaturesService {
  constructor(
    private readonly repository: SignaturesRepository,
    private readonly publish: PublishEvent,
  ) {}

  async list(session: SessionContext): Promise<Signature[]> {
    return (await this.repository.list(session.email)).map(toSignature);
  }

  async get(session: SessionContext, id: string): Promise<Signature> {
    return toSignature(await this.row(session.email, id));
  }

  async create(session: SessionContext, input: SignatureCreateInput): Promise<Signature> {
    const html = cleanSignatureHtml(input.html);
    if ((await this.repository.count(session.email)) >= signatureLimits.max) {
      throw refusal(
        'ValidationError',
        422,
        'signatureLimit',
        `An account can have at most ${signatureLimits.max} signatures`,
      );
    }
    const now = Date.now();
    const row: SignatureRow = {
      id: randomToken(12),
      name: input.name,
      html,
      is_default: input.default ? 1 : 0,
      created_at: now,
      updated_at: now,
    };
    await this.repository.insert(session.email, row);
    this.publish(session.email, { command: 'signatureUpdated', id: row.id });
    return toSignature(row);
  }

  async update(session: SessionContext, id: string, patch: SignaturePatch): Promise<Signature> {
    const changes = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.html !== undefined ? { html: cleanSignatureHtml(patch.html) } : {}),
      ...(patch.default !== undefined ? { is_default: patch.default ? 1 : 0 } : {}),
      updated_at: Date.now(),
    };
    if (!(await this.repository.update(session.email, id, changes))) {
      throw notFound('Signature', 'signatureNotFound');
    }
    this.publish(session.email, { command: 'signatureUpdated', id });
    return toSignature(await this.row(session.email, id));
  }

  async remove(session: SessionContext, id: string): Promise<void> {
    if (!(await this.repository.delete(session.email, id))) throw notFound('Signature', 'signatureNotFound');
    this.publish(session.email, { command: 'signatureDeleted', id });
  }

  private async row(account: string, id: string): Promise<SignatureRow> {
    const row = await this.repository.find(account, id);
    if (!row) throw notFound('Signature', 'signatureNotFound');
    return row;
  }
}

/** The bytes a base64 data: URL decodes to. */
function dataUrlBytes(url: string): number {
  const comma = url.indexOf(',');
  const payload = url.slice(comma + 1).replace(/=+$/, '');
  return /;base64,/i.test(url.slice(0, comma + 1)) ? Math.floor((payload.length * 3) / 4) : payload.length;
}

/** Sanitizes the HTML and checks each inline image against the composer's limits (422 on `html`). */
export function cleanSignatureHtml(html: string): string {
  const clean = sanitizeMailHtml(html).html;
  const problems = new FieldProblems();
  let n = 0;
  for (const match of clean.matchAll(/<img\b[^>]*\bsrc="(data:[^"]*)"/gi)) {
    n += 1;
    const url = match[1]!;
    const type = url.slice(5, url.search(/[;,]/)).toLowerCase();
    const name = `image ${n}`;
    if (composeLimits.disallowedInlineTypes.includes(type)) {
      problems.add(
        'html',
        'inlineTypeNotAllowed',
        `"${name}" cannot be shown inline: ${type} images are not allowed`,
        {
          name,
          type,
        },
      );
    } else if (dataUrlBytes(url) > composeLimits.inlineImageMaxBytes) {
      problems.add(
        'html',
        'inlineImageTooLarge',
        `The inline image "${name}" is larger than the limit for inline images, ${formatBytes(composeLimits.inlineImageMaxBytes)}`,
        { name, max: composeLimits.inlineImageMaxBytes },
      );
    }
  }
  problems.throwIfAny();
  return clean;
}

function toSignature(row: SignatureRow): Signature {
  return {
    id: row.id,
    name: row.name,
    html: row.html,
    default: row.is_default === 1 || (row.is_default as unknown) === true,
    created: new Date(Number(row.created_at)).toISOString(),
    updated: new Date(Number(row.updated_at)).toISOString(),
  };
}
