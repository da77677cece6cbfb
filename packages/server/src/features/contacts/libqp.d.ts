// libqp (nodemailer's quoted-printable codec) ships no types; only `decode` is used.
declare module 'libqp' {
  export function decode(input: string): Buffer;
}
