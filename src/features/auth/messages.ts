/** What the diner reads about signing in (Spanish), and which failure gets which message. */
import { AuthNetworkError, AuthRequestError } from './errors.ts';
import { SESSION_MESSAGES } from './session-messages.ts';

export const MESSAGES = {
  wrongCredentials: 'Correo o contraseña incorrectos.',
  offline: 'Sin conexión. Revisa tu red e inténtalo de nuevo.',
  tooManyAttempts: (seconds: number | null) =>
    seconds !== null && seconds > 0
      ? `Demasiados intentos. Vuelve a intentarlo en ${seconds} s.`
      : 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  server: 'No pudimos iniciar sesión por un problema del servidor. Inténtalo de nuevo en unos minutos.',
  unknown: 'No pudimos iniciar sesión. Inténtalo de nuevo.',
  emailRequired: 'Escribe tu correo electrónico.',
  emailInvalid: 'Escribe un correo válido, por ejemplo nombre@ejemplo.com.',
  passwordRequired: 'Escribe tu contraseña.',
  sessionReused: SESSION_MESSAGES.reused,
  sessionRejected: SESSION_MESSAGES.rejected,
  signedOut: SESSION_MESSAGES.signedOut,
  socialInsecure: 'El inicio de sesión con Google necesita una conexión segura (https).',
  socialCancelled: 'Cancelaste el inicio de sesión con Google. Puedes intentarlo de nuevo o entrar con tu correo.',
  socialExpired: 'El inicio de sesión con Google caducó o se abrió en otra pestaña. Vuelve a intentarlo.',
  socialFailed: 'No pudimos completar el inicio de sesión con Google. Vuelve a intentarlo.',
  socialEmail: 'Tu cuenta de Google no tiene un correo verificado. Verifícalo o entra con tu correo y contraseña.',
  socialUnavailable: 'El inicio de sesión con Google no está disponible ahora. Entra con tu correo o inténtalo más tarde.',
  socialCompleting: 'Completando el inicio de sesión…',
} as const;

const SOCIAL_ERRORS: Record<string, string> = {
  social_cancelled: MESSAGES.socialCancelled,
  social_expired: MESSAGES.socialExpired,
  social_failed: MESSAGES.socialFailed,
  social_email: MESSAGES.socialEmail,
  social_unavailable: MESSAGES.socialUnavailable,
};

/** The message for `/login?error=…` after a social round trip. */
export function socialErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return SOCIAL_ERRORS[code] ?? MESSAGES.socialFailed;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginFieldErrors {
  email?: string;
  password?: string;
}

/** Field checks before anything is sent (the API checks again). */
export function validateLogin(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = MESSAGES.emailRequired;
  else if (!EMAIL.test(trimmed) || trimmed.length > 254) errors.email = MESSAGES.emailInvalid;
  if (!password) errors.password = MESSAGES.passwordRequired;
  return errors;
}

/** The message for a failed email sign-in. */
export function loginErrorMessage(error: unknown, online = true): string {
  if (error instanceof AuthNetworkError || !online) return MESSAGES.offline;
  if (error instanceof AuthRequestError) {
    if (error.status === 429 || error.type === 'urn:umenu:problem:rate-limited') return MESSAGES.tooManyAttempts(error.retryAfter);
    if (error.status === 401 || error.type === 'urn:umenu:problem:invalid-credentials') return MESSAGES.wrongCredentials;
    if (error.status === 422 || error.status === 400) {
      if (error.fieldErrors.email) return MESSAGES.emailInvalid;
      return MESSAGES.wrongCredentials;
    }
    if (error.status >= 500) return MESSAGES.server;
  }
  return MESSAGES.unknown;
}
