/**
 * What the diner reads when a session ends on its own (shown on every page, so kept tiny): Spanish
 * here, in the page's language through `sessionMessage` (the `auth` component of src/i18n/{lang}.json).
 */
import { pageWords } from '../../lib/page-language.ts';

export const SESSION_MESSAGES = {
  reused: 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.',
  rejected: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  signedOut: 'Has cerrado sesión.',
} as const;

/** A session message in the page's language. */
export function sessionMessage(key: keyof typeof SESSION_MESSAGES): string {
  return pageWords('auth')?.[key] ?? SESSION_MESSAGES[key];
}
