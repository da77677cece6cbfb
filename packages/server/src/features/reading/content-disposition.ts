/**
 * `Content-Disposition: attachment` with an ASCII fallback and the exact name as RFC 5987 `filename*`
 * (RFC 6266), so non-ASCII names arrive intact and no header injection is possible.
 */
export function attachmentDisposition(filename: string): string {
  const clean = filename.replace(/[\r\n"\\/]/g, '_').trim() || 'attachment';
  const ascii = clean.normalize('NFKD').replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
