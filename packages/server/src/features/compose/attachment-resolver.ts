import { composeLimits, type DraftAttachment } from '@webmail/contracts';
import { validationError } from '../../infra/errors.js';
import type { MailSession, MailFolder } from '../../mail/mail-session.js';
import { limitProblems } from './draft-validation.js';
import type { ResolvedAttachment } from './resolved-attachment.js';
import type { UploadsRepository } from './uploads.repository.js';

const missing = (message: string) => validationError({ attachments: [limitProblems.gone(message)] });

/**
 * Loads what a draft's attachment list points at: uploads from the database (their stored name, type and
 * flags win over what the folder sent), parts and whole messages from IMAP. Anything gone is a 422 on
 * `attachments`, so the folder can tell the user to attach it again; the stored draft is untouched.
 */
export class AttachmentResolver {
  constructor(private readonly uploads: UploadsRepository) {}

  async resolve(mail: MailSession, list: DraftAttachment[]): Promise<ResolvedAttachment[]> {
    const uploadIds = list.flatMap((a) => (a.type === 'upload' ? [a.id] : []));
    const rows = new Map((await this.uploads.findMany(mail.email, uploadIds)).map((r) => [r.id, r]));
    const out: ResolvedAttachment[] = [];
    for (const item of list) {
      if (item.type === 'upload') {
        const row = rows.get(item.id);
        if (!row) throw missing(`"${item.filename}" is no longer available; attach it again`);
        out.push({
          filename: row.filename,
          contentType: row.content_type,
          content: row.data,
          inline: row.inline === 1,
          contentId: row.content_id,
          uploadId: row.id,
        });
      } else {
        out.push(await this.fromMessage(mail, item));
      }
    }
    return out;
  }

  private async fromMessage(
    mail: MailSession,
    item: Exclude<DraftAttachment, { type: 'upload' }>,
  ): Promise<ResolvedAttachment> {
    const content = await mail.inFolder(item.mailboxId, (folder) =>
      item.type === 'message'
        ? wholeMessage(folder, item.messageId, item.filename)
        : messagePart(folder, item.messageId, item.part, item.filename),
    );
    const isEml = item.type === 'message';
    return {
      filename: item.filename,
      contentType: isEml ? 'message/rfc822' : item.contentType,
      content,
      inline: !isEml && item.inline,
      contentId: isEml ? null : item.contentId,
      uploadId: null,
    };
  }
}

/** The original message as a .eml (refused before downloading when it is over the attachment limit). */
async function wholeMessage(folder: MailFolder, uid: number, filename: string): Promise<Buffer> {
  const meta = await folder.fetchOne(uid, { uid: true, size: true });
  if (!meta) throw missing(`The message of "${filename}" is no longer there`);
  if ((meta.size ?? 0) > composeLimits.attachmentMaxBytes) {
    throw validationError({ attachments: [limitProblems.attachment(filename)] });
  }
  const row = await folder.fetchOne(uid, { uid: true, source: true });
  if (!row || !row.source) throw missing(`The message of "${filename}" is no longer there`);
  return row.source;
}

/** One decoded part; reading stops one byte past the limit, which is enough for the size check. */
async function messagePart(folder: MailFolder, uid: number, part: string, filename: string): Promise<Buffer> {
  const exists = await folder.fetchOne(uid, { uid: true });
  if (!exists) throw missing(`The message of "${filename}" is no longer there`);
  const { content } = await folder.download(uid, part, { maxBytes: composeLimits.attachmentMaxBytes + 1 });
  if (!content) throw missing(`"${filename}" is no longer in its message`);
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
