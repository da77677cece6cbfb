import type { MessageStructureObject } from 'imapflow';
import { imapOf, type ImapTarget } from './imap-handle.js';

/**
 * Chunks for whole parts and messages (attachments, source, zip): imapflow's 64 KB meant one FETCH round
 * trip per 64 KB (42 for a 2 MB PDF). Each chunk is held in memory while it is decoded, hence not bigger.
 */
export const downloadChunkBytes = 1024 * 1024;

/**
 * The section download() should fetch for a part: a single-part message's body is TEXT. download()
 * finds that out itself for part `1`, with one more FETCH of the structure the caller already has.
 */
export function downloadSection(structure: MessageStructureObject | undefined, part: string): string {
  return part === '1' && structure && !structure.childNodes ? 'TEXT' : part;
}

/** imapflow's download() decodes the transfer encoding and converts text charsets to UTF-8. */
export async function downloadPart(
  target: ImapTarget,
  uid: number,
  part: string,
  maxBytes: number,
): Promise<Buffer> {
  const client = imapOf(target);
  // Twice `maxBytes` covers base64's 4:3 in one round trip; a snippet's 8 KB no longer reads 64 KB.
  const chunkSize = Math.min(Math.max(2 * maxBytes, 16 * 1024), downloadChunkBytes);
  const { content } = await client.download(String(uid), part, { uid: true, maxBytes, chunkSize });
  if (!content) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
