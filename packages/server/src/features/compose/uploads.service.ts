import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { composeLimits, type UploadAttachment } from '@webmail/contracts';
import { randomToken } from '../../infra/crypto.js';
import { notFound } from '../../infra/errors.js';
import type { SessionContext } from '../../infra/session/session-context.js';
import { domainOf } from './message-id.js';
import { AppError, validationError } from '../../infra/errors.js';
import { cleanMediaType } from '../../mail/mime/content-type.js';
import { limitProblems } from './draft-validation.js';
import type { UploadMeta, UploadsRepository } from './uploads.repository.js';

export interface IncomingFile {
  filename: string;
  contentType: string;
  stream: Readable;
}

// TIFF starts with "II*\0" or "MM\0*": refused inline whatever type the browser declared.
const isTiff = (head: Buffer) =>
  head.subarray(0, 4).equals(Buffer.from('II*\0', 'latin1')) ||
  head.subarray(0, 4).equals(Buffer.from('MM\0*', 'latin1'));

/**
 * Attachment uploads: the `composeLimits` (per attachment, per message, inline images) enforced on the
 * bytes, stored per account (and draft).
 */
export class UploadsService {
  constructor(private readonly uploads: UploadsRepository) {}

  async upload(
    session: SessionContext,
    options: { draftId?: string; inline: boolean },
    file: IncomingFile,
  ): Promise<UploadAttachment> {
    const name = cleanFilename(file.filename);
    // Checked before anything is read or stored: a type the answer (and the message built later) cannot
    // carry is refused, not stored and then failed on (a 300-character type once left an orphan upload).
    const type = file.contentType ? cleanMediaType(file.contentType) : 'application/octet-stream';
    if (!type) {
      file.stream.resume();
      const message = `"${name}" does not declare a valid file type`;
      throw validationError({ file: [{ code: 'invalid', message, params: { name } }] });
    }
    if (
      options.inline &&
      (!type.startsWith('image/') || composeLimits.disallowedInlineTypes.includes(type))
    ) {
      throw validationError({ file: [limitProblems.inlineType(name, type)] });
    }
    const content = await readLimited(
      file.stream,
      options.inline ? composeLimits.inlineImageMaxBytes : composeLimits.attachmentMaxBytes,
      name,
      options.inline,
    );
    if (options.inline && isTiff(content))
      throw validationError({ file: [limitProblems.inlineType(name, 'image/tiff')] });
    if (options.draftId) {
      const total = (await this.uploads.draftBytes(session.email, options.draftId)) + content.length;
      if (total > composeLimits.messageMaxBytes)
        throw validationError({ file: [limitProblems.message(total)] });
    }
    return this.store(
      session.email,
      options.draftId ?? null,
      { filename: name, contentType: type, content },
      options.inline,
    );
  }

  /** Stores bytes as an upload, reusing an identical one of the same draft (resuming twice adds nothing). */
  async store(
    account: string,
    draftId: string | null,
    file: { filename: string; contentType: string; content: Buffer },
    inline = false,
  ): Promise<UploadAttachment> {
    const sha256 = createHash('sha256').update(file.content).digest('base64url');
    const same = draftId ? await this.uploads.findSame(account, draftId, sha256, file.filename) : undefined;
    if (same) return toAttachment(same);
    const now = Date.now();
    const id = randomToken(12);
    const row = {
      id,
      account,
      draft_id: draftId,
      filename: file.filename,
      content_type: file.contentType,
      size: file.content.length,
      inline: inline ? 1 : 0,
      content_id: inline ? `${randomToken(12)}@${domainOf(account)}` : null,
      sha256,
      created_at: now,
      used_at: now,
    };
    await this.uploads.insert({ ...row, data: file.content });
    return toAttachment(row);
  }

  async remove(session: SessionContext, id: string): Promise<void> {
    if (!(await this.uploads.remove(session.email, id))) throw notFound('Attachment', 'uploadNotFound');
  }
}

function toAttachment(row: UploadMeta): UploadAttachment {
  return {
    type: 'upload',
    id: row.id,
    filename: row.filename,
    contentType: row.content_type,
    size: Number(row.size),
    inline: row.inline === 1,
    contentId: row.content_id,
  };
}

/**
 * Reads the upload, stopping with a 422 naming the limit as soon as it is passed. A multipart body that
 * breaks off (no closing boundary, a malformed part) errors the stream: that is the client's 422 too.
 */
async function readLimited(stream: Readable, max: number, name: string, inline: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > max) {
        stream.resume(); // drain the rest so the connection stays usable for the answer
        throw validationError({
          file: [inline ? limitProblems.inline(name) : limitProblems.attachment(name)],
        });
      }
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    throw malformedUpload(err);
  }
  return Buffer.concat(chunks);
}

/**
 * The parser's failures (busboy's "Unexpected end of form", "Boundary not found", …) as the client's
 * 422; our own errors and the multipart plugin's limit errors (with their 4xx status) pass through.
 */
export function malformedUpload(err: unknown): Error {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) return err as Error;
  const message = 'The upload is malformed or was cut off; send it again';
  const refused = validationError({ file: [{ code: 'invalid', message }] });
  refused.cause = err;
  return refused;
}

/** A file name as a name only: no directories, no control characters, at most 255 characters. */
function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'attachment').slice(0, 255);
}
