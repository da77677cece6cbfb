// libmime (nodemailer's MIME codec, the one imapflow decodes envelopes with) ships no types; only `decodeWords` is used.
declare module 'libmime' {
  const libmime: { decodeWords(value: string): string };
  export default libmime;
}
