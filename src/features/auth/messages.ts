/** What the diner reads about signing in, and which failure gets which message. */
import { AuthNetworkError, AuthRequestError } from './errors.ts';
import { SESSION_MESSAGES } from './session-messages.ts';
import { messages, params } from '../../lib/i18n.ts';

/** The sign-in words (docs/architecture.md#languages): Spanish here, the others in src/i18n/{lang}.json. */
export const authMessages = messages('auth', {
  wrongCredentials: 'Correo o contraseña incorrectos.',
  offline: 'Sin conexión. Revisa tu red e inténtalo de nuevo.',
  tooManyAttemptsIn: params('Demasiados intentos. Vuelve a intentarlo en {seconds} s.'),
  tooManyAttempts: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  server: 'No pudimos iniciar sesión por un problema del servidor. Inténtalo de nuevo en unos minutos.',
  unknown: 'No pudimos iniciar sesión. Inténtalo de nuevo.',
  emailRequired: 'Escribe tu correo electrónico.',
  emailInvalid: 'Escribe un correo válido, por ejemplo nombre@ejemplo.com.',
  passwordRequired: 'Escribe tu contraseña.',
  // Shown on every page through src/features/auth/session-messages.ts (no i18n runtime there).
  reused: SESSION_MESSAGES.reused,
  rejected: SESSION_MESSAGES.rejected,
  signedOut: SESSION_MESSAGES.signedOut,
  socialInsecure: 'El inicio de sesión con Google necesita una conexión segura (https).',
  socialCancelled: 'Cancelaste el inicio de sesión con Google. Puedes intentarlo de nuevo o entrar con tu correo.',
  socialExpired: 'El inicio de sesión con Google caducó o se abrió en otra pestaña. Vuelve a intentarlo.',
  socialFailed: 'No pudimos completar el inicio de sesión con Google. Vuelve a intentarlo.',
  socialEmail: 'Tu cuenta de Google no tiene un correo verificado. Verifícalo o entra con tu correo y contraseña.',
  socialUnavailable:
    'El inicio de sesión con Google no está disponible ahora. Entra con tu correo o inténtalo más tarde.',
  socialCompleting: 'Completando el inicio de sesión…',
  // The login page.
  title: 'Iniciar sesión',
  description: 'Inicia sesión en umenu para hacer pedidos y seguirlos en vivo.',
  intro: 'Entra con tu cuenta para hacer pedidos y seguirlos en vivo.',
  google: 'Continuar con Google',
  orEmail: 'o con tu correo',
  emailForm: 'Entrar con tu correo',
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'Entrar',
  demoTitle: '¿Estás probando umenu?',
  demoAccounts:
    'Cuentas de demostración (contraseña {password}): {diner} (comensal), {staff} (personal de los locales de demostración) y {admin}.',
  demoGoogle: 'Si el servidor no tiene Google configurado, «Continuar con Google» usa un proveedor de demostración.',
  // The account menu.
  account: params('Cuenta de {name}'),
  myOrders: 'Mis pedidos',
  signOut: 'Cerrar sesión',
});

type Words = ReturnType<typeof authMessages.get>;

/** `Demasiados intentos…`, with the wait when the API gave one. */
function tooManyAttempts(words: Words, seconds: number | null): string {
  return seconds !== null && seconds > 0
    ? words.tooManyAttemptsIn({ seconds: String(seconds) })
    : words.tooManyAttempts;
}

const SOCIAL_ERRORS: Record<string, keyof Words> = {
  social_cancelled: 'socialCancelled',
  social_expired: 'socialExpired',
  social_failed: 'socialFailed',
  social_email: 'socialEmail',
  social_unavailable: 'socialUnavailable',
};

/** The message for `/login?error=…` after a social round trip. */
export function socialErrorMessage(code: string | null): string | null {
  if (!code) return null;
  const words = authMessages.get();
  return words[SOCIAL_ERRORS[code] ?? 'socialFailed'] as string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginFieldErrors {
  email?: string;
  password?: string;
}

/** Field checks before anything is sent (the API checks again). */
export function validateLogin(email: string, password: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const words = authMessages.get();
  const trimmed = email.trim();
  if (!trimmed) errors.email = words.emailRequired;
  else if (!EMAIL.test(trimmed) || trimmed.length > 254) errors.email = words.emailInvalid;
  if (!password) errors.password = words.passwordRequired;
  return errors;
}

/** The message for a failed email sign-in. */
export function loginErrorMessage(error: unknown, online = true): string {
  const words = authMessages.get();
  if (error instanceof AuthNetworkError || !online) return words.offline;
  if (error instanceof AuthRequestError) {
    if (error.status === 429 || error.type === 'urn:umenu:problem:rate-limited')
      return tooManyAttempts(words, error.retryAfter);
    if (error.status === 401 || error.type === 'urn:umenu:problem:invalid-credentials') return words.wrongCredentials;
    if (error.status === 422 || error.status === 400) {
      if (error.fieldErrors.email) return words.emailInvalid;
      return words.wrongCredentials;
    }
    if (error.status >= 500) return words.server;
  }
  return words.unknown;
}
