/** What the diner reads when a session ends on its own (shown on every page, so kept tiny). */
export const SESSION_MESSAGES = {
  reused: 'Tu sesión se cerró por seguridad. Inicia sesión de nuevo.',
  rejected: 'Tu sesión ha caducado. Inicia sesión de nuevo.',
  signedOut: 'Has cerrado sesión.',
} as const;
