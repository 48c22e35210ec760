/**
 * Secrets stored in the database (a venue's payment provider keys) are sealed with AES-256-GCM under
 * the deployment's key, `UMENU_SECRETS_KEY`: 32 random bytes written in base64 (44 characters) or hex
 * (64), e.g. `openssl rand -base64 32` (server/README.md, "Environment"). A sealed value is
 * `v1.{iv}.{tag}.{ciphertext}` (base64url), bound to its context (the venue and what it is), so a
 * value copied to another venue's row does not open.
 *
 * Without `UMENU_SECRETS_KEY`, a server that seeds the demo venues (`UMENU_SEED_DEMO` not 0: `npm
 * start` on a laptop, the tests) uses a fixed development key, which is public and so never for real
 * secrets; a production server (`UMENU_SEED_DEMO=0`) without it refuses to store secrets.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Public on purpose (it is in the source): for demo and test data only. */
const DEVELOPMENT_KEY = createHash('sha256').update('umenu development secrets key: not for real secrets').digest();

let key: Buffer | undefined;

/** The 32 bytes of a `UMENU_SECRETS_KEY` value, or throws (a start-up error for whoever runs the server). */
export function parseSecretsKey(value: string): Buffer {
  const text = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== 32 || (!/^[0-9a-f]{64}$/i.test(text) && !/^[A-Za-z0-9+/]{43}=?$/.test(text)))
    throw new Error(
      'UMENU_SECRETS_KEY must be 32 bytes in base64 (44 characters) or hex (64): openssl rand -base64 32',
    );
  return bytes;
}

/** Sets the key from the server's configuration (server/main.ts, once per process start). */
export function configureSecrets(config: { secretsKey?: string; seedDemo: boolean }): void {
  if (config.secretsKey) key = parseSecretsKey(config.secretsKey);
  else if (config.seedDemo) key = DEVELOPMENT_KEY;
  else key = undefined;
}

/** Whether secrets can be stored (false: production without `UMENU_SECRETS_KEY`). */
export function canSealSecrets(): boolean {
  return key !== undefined;
}

/** Seals a secret for a context (e.g. `payment-provider:{venueId}`). */
export function sealSecret(plaintext: string, context: string): string {
  if (!key) throw new Error('UMENU_SECRETS_KEY is not set: secrets cannot be stored');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Opens a sealed secret, or throws when the key or the context is not the one it was sealed with. */
export function openSecret(sealed: string, context: string): string {
  if (!key) throw new Error('UMENU_SECRETS_KEY is not set: stored secrets cannot be read');
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
