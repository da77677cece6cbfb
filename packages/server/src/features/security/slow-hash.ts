import { hash } from '@node-rs/argon2';

/**
 * Argon2id in the PHC string format Dovecot reads (`{ARGON2ID}$argon2id$v=19$m=…`; Dovecot verifies it with
 * libsodium, which takes one lane only, so parallelism stays 1). OWASP's minimum (19 MiB, 2 passes) costs
 * ~20 ms here — per login for a mail client, once per creation for us.
 */
export async function dovecotArgon2id(secret: string): Promise<string> {
  const phc = await hash(secret, {
    // Algorithm.Argon2id (a const enum, which isolated modules cannot read).
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  return `{ARGON2ID}${phc}`;
}
