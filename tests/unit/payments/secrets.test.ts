/** Sealed secrets (server/platform/secrets.ts): UMENU_SECRETS_KEY's format, AES-256-GCM bound to a context, and the production rule. */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canSealSecrets,
  configureSecrets,
  openSecret,
  parseSecretsKey,
  sealSecret,
} from '../../../server/platform/secrets.ts';

afterAll(() => configureSecrets({ seedDemo: true }));

describe('secrets', () => {
  it('takes 32 bytes in base64 or hex, and refuses anything else with the command that makes one', () => {
    const bytes = randomBytes(32);
    expect(parseSecretsKey(bytes.toString('base64'))).toEqual(bytes);
    expect(parseSecretsKey(bytes.toString('hex'))).toEqual(bytes);
    for (const bad of ['', 'corta', randomBytes(16).toString('base64'), randomBytes(33).toString('base64')])
      expect(() => parseSecretsKey(bad)).toThrow(/openssl rand -base64 32/);
  });

  it('seals with a fresh IV each time, opens only with the same key and context', () => {
    configureSecrets({ secretsKey: randomBytes(32).toString('base64'), seedDemo: false });
    const a = sealSecret('sk_test_secreto', 'payment-provider:bar');
    const b = sealSecret('sk_test_secreto', 'payment-provider:bar');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secreto');
    expect(openSecret(a, 'payment-provider:bar')).toBe('sk_test_secreto');
    expect(() => openSecret(a, 'payment-provider:otro')).toThrow();
    const [v, iv, tag, data] = a.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => openSecret([v, iv, tag, flipped.toString('base64url')].join('.'), 'payment-provider:bar')).toThrow();
    configureSecrets({ secretsKey: randomBytes(32).toString('base64'), seedDemo: false });
    expect(() => openSecret(a, 'payment-provider:bar')).toThrow();
  });

  it('without UMENU_SECRETS_KEY: a demo server uses the development key, a production one cannot seal', () => {
    configureSecrets({ seedDemo: true });
    expect(canSealSecrets()).toBe(true);
    configureSecrets({ seedDemo: false });
    expect(canSealSecrets()).toBe(false);
    expect(() => sealSecret('x', 'c')).toThrow(/UMENU_SECRETS_KEY/);
  });
});
