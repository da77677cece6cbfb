import { randomBytes } from 'node:crypto';

/**
 * Real-world shapes of mail whose content is an enclosed message or an odd text part, built as raw RFC 822
 * (CRLF). Each names what must read back: texts somewhere in the body or an enclosed message, the enclosed
 * messages' subjects in order, and the attachments with their exact decoded sizes.
 */
export interface EnclosedShape {
  name: string;
  raw: string;
  texts: string[];
  enclosed: string[];
  attachments: { filename: string; contentType: string; size: number; data: Buffer }[];
}

const crlf = (lines: string[]) => lines.join('\r\n');

/** A message's header block, then its body. */
function message(headers: Record<string, string>, body: string): string {
  return crlf([...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', body]);
}

/** The inner (enclosed) message: plain text, HTML, or both. */
export function inner(n: number, content: { text?: string; html?: string; attachment?: Buffer }): string {
  const headers = {
    From: `Inner Sender ${n} <inner${n}@example.test>`,
    To: `Inner Rcpt ${n} <rcpt${n}@example.test>`,
    Date: new Date(Date.UTC(2024, 0, n, 8)).toUTCString(),
    Subject: `Enclosed subject ${n}`,
    'Message-ID': `<inner-${n}@example.test>`,
    'MIME-Version': '1.0',
  };
  const parts: [string, string][] = [];
  if (content.text) parts.push(['text/plain; charset=utf-8', content.text]);
  if (content.html) parts.push(['text/html; charset=utf-8', content.html]);
  if (parts.length === 1 && !content.attachment)
    return message({ ...headers, 'Content-Type': parts[0]![0] }, parts[0]![1]);
  const bodies = parts.map(([type, body]) => crlf([`Content-Type: ${type}`, '', body]));
  if (content.attachment)
    bodies.push(
      crlf([
        'Content-Type: application/octet-stream; name="inner.bin"',
        'Content-Disposition: attachment; filename="inner.bin"',
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(content.attachment),
      ]),
    );
  return message(
    { ...headers, 'Content-Type': 'multipart/mixed; boundary="inner-b"' },
    multipart('inner-b', bodies),
  );
}

function multipart(boundary: string, parts: string[]): string {
  return `${parts.map((p) => `--${boundary}\r\n${p}`).join('\r\n')}\r\n--${boundary}--\r\n`;
}

export function base64Lines(data: Buffer, width = 76): string {
  const b64 = data.toString('base64');
  const lines: string[] = [];
  for (let at = 0; at < b64.length; at += width) lines.push(b64.slice(at, at + width));
  return lines.join('\r\n');
}

function outer(n: string, contentType: string, body: string, extra: Record<string, string> = {}): string {
  return message(
    {
      From: 'Outer <outer@example.test>',
      To: 'reader@example.test',
      Subject: `Shape ${n}`,
      Date: new Date(Date.UTC(2025, 0, 1)).toUTCString(),
      'Message-ID': `<shape-${n}@example.test>`,
      'MIME-Version': '1.0',
      'Content-Type': contentType,
      ...extra,
    },
    body,
  );
}

const rfc822Part = (raw: string, disposition?: string) =>
  crlf([
    'Content-Type: message/rfc822',
    ...(disposition ? [`Content-Disposition: ${disposition}`] : []),
    '',
    raw,
  ]);

export function enclosedShapes(): EnclosedShape[] {
  // A multiple of 3 bytes: base64 without padding, so the size from the structure is exact.
  const innerBin = randomBytes(6000);
  return [
    {
      name: 'top-level message/rfc822, plain text inside',
      raw: outer('a', 'message/rfc822', inner(1, { text: 'Inner plain body one' })),
      texts: ['Inner plain body one'],
      enclosed: ['Enclosed subject 1'],
      attachments: [],
    },
    {
      name: 'top-level message/rfc822, HTML and an attachment inside',
      raw: outer(
        'b',
        'message/rfc822',
        inner(2, { html: '<p>Inner <b>html</b> two</p>', attachment: innerBin }),
      ),
      texts: ['html</b> two'],
      enclosed: ['Enclosed subject 2'],
      attachments: [
        {
          filename: 'inner.bin',
          contentType: 'application/octet-stream',
          size: innerBin.length,
          data: innerBin,
        },
      ],
    },
    {
      name: 'multipart/mixed holding only message/rfc822 parts',
      raw: outer(
        'c',
        'multipart/mixed; boundary="outer-b"',
        multipart('outer-b', [
          rfc822Part(inner(3, { text: 'Third inner' })),
          rfc822Part(inner(4, { text: 'Fourth inner' })),
        ]),
      ),
      texts: ['Third inner', 'Fourth inner'],
      enclosed: ['Enclosed subject 3', 'Enclosed subject 4'],
      attachments: [],
    },
    {
      name: 'multipart/digest with default-typed parts',
      raw: outer(
        'd',
        'multipart/digest; boundary="digest-b"',
        multipart('digest-b', [
          `\r\n${inner(5, { text: 'Digest entry five' })}`,
          `\r\n${inner(6, { text: 'Digest entry six' })}`,
        ]),
      ),
      texts: ['Digest entry five', 'Digest entry six'],
      enclosed: ['Enclosed subject 5', 'Enclosed subject 6'],
      attachments: [],
    },
    {
      name: 'list digest: an introduction, then a multipart/digest',
      raw: outer(
        'e',
        'multipart/mixed; boundary="list-b"',
        multipart('list-b', [
          crlf(['Content-Type: text/plain; charset=us-ascii', '', "Today's topics: seven"]),
          crlf([
            'Content-Type: multipart/digest; boundary="digest-e"',
            '',
            multipart('digest-e', [`\r\n${inner(7, { text: 'Topic seven body' })}`]),
          ]),
        ]),
      ),
      texts: ["Today's topics: seven", 'Topic seven body'],
      enclosed: ['Enclosed subject 7'],
      attachments: [],
    },
    {
      name: 'nested: a message enclosed in an enclosed message',
      raw: outer(
        'f',
        'message/rfc822',
        message(
          {
            From: 'Middle <middle@example.test>',
            Subject: 'Middle message',
            Date: new Date(Date.UTC(2024, 5, 1)).toUTCString(),
            'MIME-Version': '1.0',
            'Content-Type': 'message/rfc822',
          },
          inner(8, { text: 'Innermost text eight' }),
        ),
      ),
      texts: ['Innermost text eight'],
      enclosed: ['Middle message', 'Enclosed subject 8'],
      attachments: [],
    },
    {
      name: 'a named inline text part alone',
      raw: outer('g', 'text/plain; charset=utf-8; name="note.txt"', 'Named inline note', {
        'Content-Disposition': 'inline; filename="note.txt"',
      }),
      texts: ['Named inline note'],
      enclosed: [],
      attachments: [],
    },
    {
      name: 'multipart/mixed of named text and HTML parts without a disposition',
      raw: outer(
        'h',
        'multipart/mixed; boundary="named-b"',
        multipart('named-b', [
          crlf(['Content-Type: text/plain; charset=utf-8; name="a.txt"', '', 'Named part A']),
          crlf(['Content-Type: text/plain; charset=utf-8; name="b.txt"', '', 'Named part B']),
        ]),
      ),
      texts: ['Named part A', 'Named part B'],
      enclosed: [],
      attachments: [],
    },
    {
      name: 'Content-Type "text" without a subtype',
      raw: outer('i', 'text', 'Subtype-less body'),
      texts: ['Subtype-less body'],
      enclosed: [],
      attachments: [],
    },
    {
      name: 'a multipart part of type "text" without a subtype',
      raw: outer(
        'j',
        'multipart/mixed; boundary="sub-b"',
        multipart('sub-b', [crlf(['Content-Type: text; charset=us-ascii', '', 'Part without subtype'])]),
      ),
      texts: ['Part without subtype'],
      enclosed: [],
      attachments: [],
    },
  ];
}

/** Base64 attachments of many sizes and two line widths: what the list says must be the file's own size. */
export function sizedAttachments(): { raw: string; sizes: { filename: string; size: number }[] } {
  const files = [0, 1, 2, 3, 56, 57, 58, 1000, 4096, 65_537, 300_001].flatMap((size, i) => [
    { filename: `f${i}-76.bin`, data: randomBytes(size), width: 76 },
    { filename: `f${i}-72.bin`, data: randomBytes(size), width: 72 },
  ]);
  const raw = outer(
    'sizes',
    'multipart/mixed; boundary="size-b"',
    multipart('size-b', [
      crlf(['Content-Type: text/plain', '', 'Files of many sizes']),
      ...files.map((f) =>
        crlf([
          `Content-Type: application/octet-stream; name="${f.filename}"`,
          `Content-Disposition: attachment; filename="${f.filename}"`,
          'Content-Transfer-Encoding: base64',
          '',
          base64Lines(f.data, f.width),
        ]),
      ),
    ]),
  );
  return { raw, sizes: files.map((f) => ({ filename: f.filename, size: f.data.length })) };
}

/** A hostile message (full RFC 822) as the only content of another: its HTML must come out just as safe. */
export function enclosing(n: number, hostile: Buffer): Buffer {
  const raw = outer(`hostile-${n}`, 'message/rfc822', hostile.toString('latin1').replace(/\r?\n/g, '\r\n'));
  return Buffer.from(raw, 'latin1');
}
