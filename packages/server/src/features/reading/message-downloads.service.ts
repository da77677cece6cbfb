import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { MessageStructureObject } from '../../mail/mail-types.js';
import type { Attachment } from '@webmail/contracts';
import { notFound } from '../../infra/errors.js';
import { analyzeBodyStructure } from '../../mail/mime/body-structure.js';
import { findPart } from '../../mail/mime/body-structure.js';
import type { MailSession, MailFolder } from '../../mail/mail-session.js';
import { downloadChunkBytes, downloadSection } from '../../mail/imap/part-download.js';

export interface DownloadStream {
  /** A file name without extension, from the subject. */
  baseName: string;
  stream: Readable;
}

// Types that are compressed already: deflating them again costs CPU and gains nothing.
const storedAsIs = /^(image|video|audio)\/|zip|compressed|pdf|officedocument|opendocument|x-7z|x-rar|gzip/i;

/**
 * The raw message (view source, .eml download) and all attachments as one zip, both streamed from IMAP.
 * The folder lock is held until the stream ends, because imapflow fetches in chunks (1 MB, not its 64 KB
 * round trips) over the same connection; a stream the folder abandons releases it too.
 */
/** Downloads of a message: its raw source, one attachment, all attachments as a zip. */
export class MessageDownloadsService {
  async source(mail: MailSession, mailboxId: string, uid: number): Promise<DownloadStream> {
    return mail.streamFromFolder(mailboxId, async (folder) => {
      const row = await folder.fetchOne(uid, { uid: true, envelope: true });
      if (!row) throw notFound('Message', 'messageNotFound');
      const { content } = await folder.download(uid, undefined, { chunkSize: downloadChunkBytes });
      if (!content) throw notFound('Message', 'messageNotFound');
      return { baseName: baseNameOf(row.envelope?.subject), stream: content as Readable };
    });
  }

  /**
   * Streams one attachment. The folder lock is held until the stream ends, because imapflow fetches the
   * part in chunks over the same connection (1 MB each: a 2 MB PDF took 42 round trips in imapflow's
   * 64 KB chunks). Not FETCH BINARY, which would spare decoding base64 here: Dovecot 2.3 drops the whole
   * connection when a part's base64 ends early, so a hostile attachment would sign the user's
   * connection out, where imapflow's decoder reads it as well as it can.
   */
  async attachment(mail: MailSession, mailboxId: string, uid: number, part: string) {
    return mail.streamFromFolder(mailboxId, async (folder) => {
      const row = await folder.fetchOne(uid, { uid: true, bodyStructure: true });
      if (!row) throw notFound('Message', 'messageNotFound');
      const attachment = findPart(row.bodyStructure, part);
      if (!attachment) throw notFound('Attachment', 'attachmentNotFound');
      const { content } = await folder.download(uid, downloadSection(row.bodyStructure, part), {
        chunkSize: downloadChunkBytes,
      });
      if (!content) throw notFound('Attachment', 'attachmentNotFound');
      return { attachment, stream: content as Readable };
    });
  }

  /** The user-visible attachments (not the inline cid: parts of the HTML), names made unique. */
  async attachmentsZip(mail: MailSession, mailboxId: string, uid: number): Promise<DownloadStream> {
    return mail.streamFromFolder(mailboxId, async (folder) => {
      const row = await folder.fetchOne(uid, {
        uid: true,
        envelope: true,
        bodyStructure: true,
        internalDate: true,
      });
      if (!row) throw notFound('Message', 'messageNotFound');
      const attachments = analyzeBodyStructure(row.bodyStructure).attachments.filter((a) => !a.related);
      if (attachments.length === 0) throw notFound('Attachments', 'attachmentNotFound');
      const out = new PassThrough();
      const date = row.envelope?.date ?? row.internalDate;
      const mtime = zipTime(date instanceof Date ? date : new Date(date ?? Date.now()));
      void writeZip(folder, uid, row.bodyStructure, attachments, mtime, out).catch((err: Error) =>
        out.destroy(err),
      );
      return { baseName: baseNameOf(row.envelope?.subject), stream: out };
    });
  }
}

async function writeZip(
  folder: MailFolder,
  uid: number,
  structure: MessageStructureObject | undefined,
  attachments: Attachment[],
  mtime: Date,
  out: PassThrough,
): Promise<void> {
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const names = uniqueNames(attachments.map((a) => a.filename));
  for (const [i, attachment] of attachments.entries()) {
    const file = storedAsIs.test(attachment.contentType)
      ? new ZipPassThrough(names[i]!)
      : new ZipDeflate(names[i]!, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    const { content } = await folder.download(uid, downloadSection(structure, attachment.id), {
      chunkSize: downloadChunkBytes,
    });
    for await (const chunk of content ?? []) {
      file.push(chunk as Uint8Array);
      // Back-pressure: wait for the folder to read, and stop when it has gone away.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) {
        (content as Readable).destroy();
        zip.terminate();
        return;
      }
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
}

// eslint-disable-next-line no-control-regex
const unsafeInName = /[\x00-\x1f\x7f/\\:]/g;
// Also what Windows refuses in a file name, for the downloaded .eml/.zip.
// eslint-disable-next-line no-control-regex
const unsafeInFileName = /[\x00-\x1f\x7f/\\:*?"<>|]/g;

/** Zip entry names: no folders (no "../" tricks), no control characters, unique case-insensitively. */
export function uniqueNames(filenames: string[]): string[] {
  const used = new Set<string>();
  return filenames.map((raw) => {
    const clean = raw
      .replace(unsafeInName, '_')
      .replace(/^[\s.]+/, '')
      .trim()
      .slice(0, 200);
    const name = clean || 'attachment';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

function baseNameOf(subject: string | undefined): string {
  const clean = (subject ?? '').replace(unsafeInFileName, '_').trim().slice(0, 120);
  return clean || 'message';
}

/** Zip (DOS) times cover 1980–2107 only; a message dated outside falls back to now. */
function zipTime(date: Date): Date {
  const year = date.getFullYear();
  return Number.isNaN(date.getTime()) || year < 1980 || year > 2099 ? new Date() : date;
}
