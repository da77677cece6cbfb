import { z } from 'zod';

// WebAuthn's JSON forms (https://w3c.github.io/webauthn/#sctn-parseCreationOptionsFromJSON and the *JSON
// dictionaries), as SimpleWebAuthn writes and reads them. The signatures, challenges and origins inside are checked by
// the WebAuthn library; these schemas fix the shape, so a malformed answer is a 422 with field errors like any other
// bad input, and the server hands the library its own types without a cast. Unknown members are dropped.

/** Binary data as base64url text. */
const Base64Url = z.string();
const PublicKeyType = z.literal('public-key');
const AuthenticatorAttachment = z.enum(['cross-platform', 'platform']);
/** WebAuthn's user-verification and resident-key requirements (the same three words). */
const Requirement = z.enum(['discouraged', 'preferred', 'required']);
const Hints = z.array(z.enum(['hybrid', 'security-key', 'client-device']));

const CredentialDescriptor = z.object({
  id: Base64Url,
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** What the server asks of the authenticator (the webmail asks only for `credProps`). */
const ExtensionInputs = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
});

const ExtensionOutputs = z.object({
  appid: z.boolean().optional(),
  credProps: z.object({ rk: z.boolean().optional() }).optional(),
  hmacCreateSecret: z.boolean().optional(),
});

/** `PublicKeyCredentialCreationOptionsJSON`: a passkey registration's options. */
export const WebauthnCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: Base64Url,
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: PublicKeyType })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(CredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: AuthenticatorAttachment.optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: Requirement.optional(),
      userVerification: Requirement.optional(),
    })
    .optional(),
  hints: Hints.optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  attestationFormats: z
    .array(z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none']))
    .optional(),
  extensions: ExtensionInputs.optional(),
});
export type WebauthnCreationOptions = z.infer<typeof WebauthnCreationOptions>;

/** `PublicKeyCredentialRequestOptionsJSON`: a passkey sign-in's options. */
export const WebauthnRequestOptions = z.object({
  challenge: Base64Url,
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(CredentialDescriptor).optional(),
  userVerification: Requirement.optional(),
  hints: Hints.optional(),
  extensions: ExtensionInputs.optional(),
});
export type WebauthnRequestOptions = z.infer<typeof WebauthnRequestOptions>;

/** A `PublicKeyCredential` in JSON, the browser's answer around the authenticator's own `response`. */
const credentialJson = <Response extends z.ZodType>(response: Response) =>
  z.object({
    id: Base64Url,
    rawId: Base64Url,
    response,
    authenticatorAttachment: AuthenticatorAttachment.optional(),
    clientExtensionResults: ExtensionOutputs,
    type: PublicKeyType,
  });

/** `RegistrationResponseJSON`: the browser's answer to a registration. */
export const WebauthnRegistrationResponse = credentialJson(
  z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    authenticatorData: Base64Url.optional(),
    transports: z.array(z.string()).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: Base64Url.optional(),
  }),
);
export type WebauthnRegistrationResponse = z.infer<typeof WebauthnRegistrationResponse>;

/** `AuthenticationResponseJSON`: the browser's answer to a sign-in (an assertion). */
export const WebauthnAuthenticationResponse = credentialJson(
  z.object({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
);
export type WebauthnAuthenticationResponse = z.infer<typeof WebauthnAuthenticationResponse>;
