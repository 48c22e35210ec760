/**
 * The social-login button (docs/rules.md#screens-and-routes): "Continuar con
 * Google". Without Google configured on the server, the same button goes
 * through the demo OpenID Connect provider, whose page says so.
 */
import { useState } from 'react';
import { authMessages } from './messages.ts';

interface Props {
  disabled?: boolean;
  onStart?: () => void;
  onError?: (message: string) => void;
}

/** Google's "G" mark (brand colours), decorative. */
function GoogleMark() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.5 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

export default function SocialLoginButton({ disabled = false, onStart, onError }: Props) {
  const [leaving, setLeaving] = useState(false);

  async function start() {
    setLeaving(true);
    onStart?.();
    try {
      // Loaded on the click: the sign-in code stays out of the login page's first load.
      const { startSocialLogin } = await import('./social.ts');
      await startSocialLogin('google');
    } catch (error) {
      setLeaving(false);
      onError?.(
        error instanceof Error && error.message === 'insecure-context'
          ? authMessages.get().socialInsecure
          : authMessages.get().socialUnavailable,
      );
    }
  }

  return (
    <button
      type="button"
      className="btn w-full min-h-12 gap-3 border-base-300 bg-base-100 text-base font-semibold text-base-content hover:bg-base-200"
      onClick={() => void start()}
      disabled={disabled || leaving}
      aria-busy={leaving || undefined}
      data-testid="social-login"
    >
      {leaving ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : <GoogleMark />}
      {authMessages.get().google}
    </button>
  );
}
