import { describe, expect, it } from 'vitest';
import { AuthNetworkError, AuthRequestError } from '../../../src/features/auth/errors.ts';
import { loginErrorMessage, socialErrorMessage, validateLogin } from '../../../src/features/auth/messages.ts';
import { parseRetryAfter } from '../../../src/features/auth/api.ts';
import { base64url, challengeFor, createVerifier } from '../../../src/features/auth/pkce.ts';
import { s256 } from '../../../server/features/auth/social/store.ts';

describe('login messages (Spanish, exact)', () => {
  it('wrong credentials', () => {
    expect(loginErrorMessage(new AuthRequestError(401, { type: 'urn:umenu:problem:invalid-credentials' }))).toBe(
      'Correo o contraseña incorrectos.',
    );
  });

  it('too many attempts, with the wait from Retry-After', () => {
    expect(loginErrorMessage(new AuthRequestError(429, { retryAfter: 42 }))).toBe(
      'Demasiados intentos. Vuelve a intentarlo en 42 s.',
    );
    expect(loginErrorMessage(new AuthRequestError(429))).toBe(
      'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    );
  });

  it('offline', () => {
    expect(loginErrorMessage(new AuthNetworkError())).toBe('Sin conexión. Revisa tu red e inténtalo de nuevo.');
    expect(loginErrorMessage(new AuthRequestError(500), false)).toBe(
      'Sin conexión. Revisa tu red e inténtalo de nuevo.',
    );
  });

  it('server trouble and the unexpected', () => {
    expect(loginErrorMessage(new AuthRequestError(503))).toBe(
      'No pudimos iniciar sesión por un problema del servidor. Inténtalo de nuevo en unos minutos.',
    );
    expect(loginErrorMessage(new Error('boom'))).toBe('No pudimos iniciar sesión. Inténtalo de nuevo.');
  });

  it('field validation', () => {
    expect(validateLogin('', '')).toEqual({
      email: 'Escribe tu correo electrónico.',
      password: 'Escribe tu contraseña.',
    });
    expect(validateLogin('ana@umenu', 'x')).toEqual({
      email: 'Escribe un correo válido, por ejemplo nombre@ejemplo.com.',
    });
    expect(validateLogin('  ana@umenu.test ', 'x')).toEqual({});
  });

  it('social round-trip errors', () => {
    expect(socialErrorMessage('social_cancelled')).toBe(
      'Cancelaste el inicio de sesión con Google. Puedes intentarlo de nuevo o entrar con tu correo.',
    );
    expect(socialErrorMessage('social_expired')).toBe(
      'El inicio de sesión con Google caducó o se abrió en otra pestaña. Vuelve a intentarlo.',
    );
    expect(socialErrorMessage('<script>')).toBe(
      'No pudimos completar el inicio de sesión con Google. Vuelve a intentarlo.',
    );
    expect(socialErrorMessage(null)).toBeNull();
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(1_000_000 + 12_000).toUTCString(), 1_000_000)).toBe(12);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('browser PKCE', () => {
  it('makes a 43-character verifier and the S256 challenge the server checks', async () => {
    const verifier = createVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await challengeFor(verifier)).toBe(s256(verifier));
    // RFC 7636 appendix B example.
    expect(await challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    expect(base64url(new Uint8Array([251, 255]))).toBe('-_8');
  });
});
