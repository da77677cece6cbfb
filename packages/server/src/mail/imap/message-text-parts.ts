import { createRequire } from 'node:module';
import { PassThrough, Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MessageStructureObject } from 'imapflow';
import { LimitedPassthrough } from 'imapflow/lib/limited-passthrough.js';
import { getDecoder } from 'imapflow/lib/tools.js';
import { nodeAt, type TextPart } from '../mime/body-structure.js';
import type { MailFolder } from './mail-folder.js';

/*
 * imapflow's download() decodes a part with these three streams (its dependencies, pinned by its exact
 * version). They are loaded from imapflow's own location, so they are the very modules its download()
 * uses and the text comes out byte for byte the same.
 */
const fromImapflow = createRequire(createRequire(import.meta.url).resolve('imapflow'));
type TransformClass<O = undefined> = new (options?: O) => Transform;
const { Decoder: Base64Decoder } = fromImapflow('libbase64') as { Decoder: TransformClass };
const { Decoder: QpDecoder } = fromImapflow('libqp') as { Decoder: TransformClass };
const FlowedDecoder = fromImapflow('@zone-eu/mailsplit/lib/flowed-decoder.js') as TransformClass<{
  delSp?: boolean;
}>;

/**
 * The text parts of a message in one `UID FETCH` (`BODY.PEEK[1] BODY.PEEK[2]`), decoded like imapflow's
 * download() does — transfer encoding, format=flowed, charset to UTF-8, at most `maxBytes` — but from the
 * BODYSTRUCTURE the caller already has. download() costs one FETCH per part and per 64 KB, and for part
 * `1` one more FETCH of the BODYSTRUCTURE to tell a single-part message (whose body is `TEXT`) apart.
 *
 * Not BINARY.PEEK, though Dovecot offers it: Dovecot 2.3 drops the whole connection when a part's base64
 * ends early ("FETCH failed: … Base64 data ends prematurely"), so one hostile message would log the user's
 * connection out; imapflow's decoders read such parts as they can.
 *
 * A part larger than `maxBytes` on the wire is left out of the result: the caller reads it with download(),
 * which stops after `maxBytes`. Must run inside the message's mailbox lock.
 */
export async function fetchTextParts(
  folder: MailFolder,
  uid: number,
  structure: MessageStructureObject,
  parts: TextPart[],
  maxBytes: number,
): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const wanted = parts.flatMap((p) => {
    const node = nodeOf(structure, p.part);
    if (!node || (node.size ?? 0) > maxBytes) return [];
    // The body of a single-part message is its TEXT (what imapflow's download() asks for, too).
    return [{ part: p.part, node, section: node === structure ? 'TEXT' : p.part }];
  });
  if (wanted.length === 0) return out;
  const row = await folder.fetchOne(uid, { uid: true, bodyParts: wanted.map((w) => w.section) });
  if (!row) return out;
  for (const { part, node, section } of wanted) {
    const raw = row.bodyParts?.get(section.toLowerCase()) ?? Buffer.alloc(0);
    out.set(part, await decodeTextPart(raw, node, maxBytes));
  }
  return out;
}

/** The structure node of a text part's number (`1.2`, `2.1.1` inside an enclosed message). */
function nodeOf(root: MessageStructureObject, part: string): MessageStructureObject | undefined {
  const node = nodeAt(root, part);
  return node && !node.childNodes ? node : undefined;
}

/** imapflow download()'s pipeline (lib/download.js), with the part's metadata from BODYSTRUCTURE. */
async function decodeTextPart(raw: Buffer, node: MessageStructureObject, maxBytes: number): Promise<Buffer> {
  const encoding = (node.encoding ?? '')
    .replace(/\(.*\)/g, '')
    .toLowerCase()
    .trim();
  const stages: Transform[] = [
    encoding === 'base64'
      ? new Base64Decoder()
      : encoding === 'quoted-printable'
        ? new QpDecoder()
        : new PassThrough(),
  ];
  const disposition = node.disposition?.toLowerCase().trim();
  if (!disposition || disposition === 'inline') {
    const params = node.parameters ?? {};
    if (params.format?.toLowerCase().trim() === 'flowed') {
      stages.push(new LimitedPassthrough({ maxBytes }));
      stages.push(new FlowedDecoder(params.delsp?.toLowerCase().trim() === 'yes' ? { delSp: true } : {}));
    }
    const charset = params.charset?.toLowerCase().trim();
    if (charset && !['ascii', 'usascii', 'utf8'].includes(charset.replace(/[^a-z0-9]+/g, ''))) {
      try {
        stages.push(getDecoder(charset, maxBytes) as unknown as Transform);
      } catch {
        // An unknown charset stays as it is (decodeText reads it as Windows-1252 if it is not UTF-8).
      }
    }
  }
  stages.push(new LimitedPassthrough({ maxBytes }));
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  await pipeline([Readable.from([raw]), ...stages, collect]);
  return Buffer.concat(chunks);
}
