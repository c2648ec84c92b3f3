import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/*
 * A software authenticator for tests (issue 31): makes ES256 passkeys and signs challenges the way a
 * platform authenticator does, building clientDataJSON, authenticatorData and a 'none' attestation object
 * (CBOR) by hand, per WebAuthn Level 3 §6.1 and §6.5. Its answers are what @simplewebauthn/browser hands the
 * server, so the real checks (@simplewebauthn/server) run on them.
 */

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) =>
  createHash('sha256')
    .update(typeof data === 'string' ? data : Buffer.from(data))
    .digest();

export type SoftCredential = { id: Buffer; privateKey: KeyObject; publicKey: KeyObject; userHandle: string; counter: number };

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
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

function authenticatorData(rpId: string, flags: number, counter: number, attested?: { id: Buffer; cose: Uint8Array }): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  const parts: Buffer[] = [sha256(rpId), Buffer.from([flags]), count];
  if (attested) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(attested.id.length);
    parts.push(Buffer.alloc(16), idLength, attested.id, Buffer.from(attested.cose));
  }
  return Buffer.concat(parts);
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export type SoftOptions = { origin?: string; userVerified?: boolean; counterStep?: number };

/** An authenticator holding passkeys, as a browser would use it on `origin`. */
export function softAuthenticator(defaultOrigin = 'http://localhost:3000') {
  const credentials: SoftCredential[] = [];
  return {
    credentials,
    /** navigator.credentials.create() for these options: a new passkey and the browser's JSON answer. */
    register(options: PublicKeyCredentialCreationOptionsJSON, opts: SoftOptions = {}): RegistrationResponseJSON {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const id = randomBytes(16);
      const credential: SoftCredential = { id, privateKey, publicKey, userHandle: options.user.id, counter: 0 };
      credentials.push(credential);
      const flags = FLAG_UP | FLAG_AT | (opts.userVerified === false ? 0 : FLAG_UV);
      const authData = authenticatorData(options.rp.id ?? new URL(opts.origin ?? defaultOrigin).hostname, flags, 0, { id, cose: coseKey(publicKey) });
      const attestation = new Map<string, string | Map<string, never> | Uint8Array>();
      attestation.set('fmt', 'none');
      attestation.set('attStmt', new Map<string, never>());
      attestation.set('authData', new Uint8Array(authData));
      const attestationObject = isoCBOR.encode(attestation);
      return {
        id: b64(id),
        rawId: b64(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, opts.origin ?? defaultOrigin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    /** navigator.credentials.get() with one of its passkeys (the first, or `credential`). */
    assert(options: PublicKeyCredentialRequestOptionsJSON, credential = credentials[0], opts: SoftOptions = {}): AuthenticationResponseJSON {
      credential.counter += opts.counterStep ?? 1;
      const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV);
      const authData = authenticatorData(options.rpId ?? new URL(opts.origin ?? defaultOrigin).hostname, flags, credential.counter);
      const data = clientData('webauthn.get', options.challenge, opts.origin ?? defaultOrigin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key',
        response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(signature), userHandle: credential.userHandle },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
