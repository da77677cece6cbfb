import {
  hkdfSync,
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** AES-256-GCM. Output: base64url(iv | tag | ciphertext). `key` is 32 bytes, base64url. */
export function encrypt(keyB64: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyB64, 'base64url'), iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** Throws when the key is wrong or the data was altered. */
export function decrypt(keyB64: string, sealed: string): string {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyB64, 'base64url'), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * A key only the server holds, for one purpose (HKDF of SESSION_SECRET, which every server process shares): for
 * what must be opened without the user's cookie (a TOTP secret at sign-in, a pending sign-in's password).
 */
export function serverKey(sessionSecret: string, purpose: string): string {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'webmail', purpose, 32)).toString('base64url');
}
