import { decode as decodeQuotedPrintable } from 'libqp';

/**
 * vCard 2.1 as phones and old Outlook still export it, which ical.js does not read: quoted-printable values with
 * `=` soft line breaks, bare TYPE parameters (`EMAIL;INTERNET;HOME:`) and `ENCODING=BASE64`.
 */

/**
 * vCard 2.1 lines in the form ical.js reads: quoted-printable values decoded (soft line breaks joined, the
 * CHARSET applied), bare parameters named TYPE, `ENCODING=BASE64` as `b`.
 */
export function legacyToVcard3(text: string): string {
  const lines = text.split('\r\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const colon = propertyColon(line);
    if (colon < 0) {
      out.push(line);
      continue;
    }
    let head = line.slice(0, colon);
    if (!head.includes(';')) {
      out.push(line);
      continue;
    }
    const [name, ...params] = head.split(';');
    const qp = params.some(
      (x) => /^encoding=quoted-printable$/i.test(x.trim()) || /^quoted-printable$/i.test(x.trim()),
    );
    let value = line.slice(colon + 1);
    if (qp) {
      while (value.endsWith('=') && i + 1 < lines.length) value = value.slice(0, -1) + lines[++i]!;
      const charset = params.find((x) => /^charset=/i.test(x))?.split('=')[1] ?? 'utf-8';
      value = decodeText(decodeQuotedPrintable(value), charset).replace(/\r\n|\n|\r/g, '\\n');
    }
    const kept = params
      .filter((x) => !/^(encoding=)?quoted-printable$/i.test(x.trim()) && !/^charset=/i.test(x.trim()))
      .map((x) =>
        x.includes('=')
          ? x.replace(/^encoding=base64$/i, 'ENCODING=b')
          : /^base64$/i.test(x)
            ? 'ENCODING=b'
            : `TYPE=${x}`,
      );
    head = [name, ...kept].join(';');
    line = `${head}:${value}`;
    out.push(line);
  }
  return out.join('\r\n');
}

/** Where the property's value begins: the first colon outside a quoted parameter value. */
function propertyColon(line: string): number {
  if (/^\s/.test(line)) return -1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}
