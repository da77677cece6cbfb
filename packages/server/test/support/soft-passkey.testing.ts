import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
}

/**
 * A software passkey (a platform authenticator without attestation), enough to register and sign in over HTTP the
 * way a browser would: ES256 key, `none` attestation, user presence and verification flags, a signature counter.
 */
export class SoftPasskey {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private readonly credentialId = randomBytes(16);
  private counter = 0;

  constructor(private readonly rp: { rpId: string; origin: string }) {}

  /** The browser's answer to `navigator.credentials.create()` with these options. */
  register(options: { challenge: string }): Record<string, unknown> {
    const clientData = this.clientData('webauthn.create', options.challenge);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.cosePublicKey()]);
    const authData = this.authenticatorData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, Uint8Array | string | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return this.credential({
      clientDataJSON: b64url(clientData),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    });
  }

  /** The browser's answer to `navigator.credentials.get()` with these options. */
  signIn(options: { challenge: string }): Record<string, unknown> {
    this.counter += 1;
    const clientData = this.clientData('webauthn.get', options.challenge);
    const authData = this.authenticatorData(0x05);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    });
  }

  private credential(response: Record<string, unknown>): Record<string, unknown> {
    const id = b64url(this.credentialId);
    return { id, rawId: id, type: 'public-key', response, clientExtensionResults: {} };
  }

  private clientData(type: string, challenge: string): string {
    return JSON.stringify({ type, challenge, origin: this.rp.origin, crossOrigin: false });
  }

  private authenticatorData(flags: number, attested = Buffer.alloc(0)): Buffer {
    return Buffer.concat([sha256(this.rp.rpId), Buffer.from([flags]), counterBytes(this.counter), attested]);
  }

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }
}
