import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.js';

describe('attachmentDisposition', () => {
  it('keeps the exact UTF-8 name in filename* and an ASCII fallback', () => {
    const header = attachmentDisposition('Kvartaliaruanne Q3 – äö.pdf');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = header.split("filename*=UTF-8''")[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('Kvartaliaruanne Q3 – äö.pdf');
  });

  it('cannot inject headers or quotes', () => {
    const header = attachmentDisposition('a"\r\nSet-Cookie: x=1.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
  });
});
