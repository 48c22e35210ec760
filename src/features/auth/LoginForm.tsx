/**
 * The sign-in screen's island: the social button, the email form, and the
 * social callback (`/login?code=…` or `?error=…`). After a successful sign-in
 * the auth feature takes the diner home, or back to the page they wanted.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { FieldError, fieldErrorId } from '../../shell/ui/FieldError.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { AuthNetworkError, AuthRequestError } from './errors.ts';
import {
  authMessages,
  loginErrorMessage,
  socialErrorMessage,
  validateLogin,
  type LoginFieldErrors,
} from './messages.ts';
import SocialLoginButton from './SocialLoginButton.tsx';
import { rememberReferrer } from './session-hint.ts';

type Busy = null | 'email' | 'social' | 'callback';

function socialExchangeMessage(error: unknown): string {
  const words = authMessages.get();
  if (error instanceof AuthNetworkError) return words.offline;
  if (error instanceof AuthRequestError && error.status >= 500) return words.socialFailed;
  return words.socialExpired;
}

export default function LoginForm() {
  const id = useId();
  // Until hydrated, a click would submit the plain HTML form: the buttons stay disabled.
  const hydrated = useHydrated();
  // The fields are uncontrolled: text typed (or autofilled) before the island hydrates is kept,
  // and the values are read from the inputs when they are needed.
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    const error = params.get('error');
    if (!code && !error) {
      rememberReferrer();
      return;
    }
    // The one-time code must not stay in the address bar or the history.
    history.replaceState(history.state, '', `${location.pathname}${location.hash}`);
    if (error) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the social callback's address is known only in the browser, after hydration; this runs once
      setFormError(socialErrorMessage(error));
      return;
    }
    setBusy('callback');
    import('./social.ts')
      .then(({ completeSocialLogin }) => completeSocialLogin(code!))
      .catch((failure: unknown) => {
        setBusy(null);
        setFormError(socialExchangeMessage(failure));
      });
  }, []);

  const values = () => ({ email: emailRef.current?.value ?? '', password: passwordRef.current?.value ?? '' });

  function revalidate() {
    if (!submitted) return;
    const { email, password } = values();
    setFieldErrors(validateLogin(email, password));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setFormError(null);
    const { email, password } = values();
    const errors = validateLogin(email, password);
    setFieldErrors(errors);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();
    setBusy('email');
    try {
      // The auth core (and its HTTP client) loads on the first sign-in attempt, not with the page.
      const { signInWithEmail } = await import('./index.ts');
      await signInWithEmail(email, password);
      // Signed in: the auth feature is navigating away; keep the form busy until then.
    } catch (error) {
      setBusy(null);
      setFormError(loginErrorMessage(error, navigator.onLine));
      if (error instanceof AuthRequestError && error.status === 401) {
        // Wrong password: clear it and put the cursor back there (the alert is announced on its own).
        if (passwordRef.current) passwordRef.current.value = '';
        passwordRef.current?.focus();
      }
    }
  }

  const emailErrorId = fieldErrorId(`${id}-email`);
  const passwordErrorId = fieldErrorId(`${id}-password`);
  const disabled = !hydrated || busy !== null;
  const words = authMessages.get();

  return (
    <div className="mt-6 flex flex-col gap-6">
      {busy === 'callback' && (
        <p role="status" className="flex items-center gap-2 rounded-box bg-base-100 p-3">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {words.socialCompleting}
        </p>
      )}
      {formError && (
        <div
          role="alert"
          className="rounded-box border border-error bg-error/10 p-3 font-medium outline-none"
          data-testid="login-error"
        >
          {formError}
        </div>
      )}

      <SocialLoginButton
        disabled={disabled}
        onStart={() => {
          setFormError(null);
          setBusy('social');
        }}
        onError={(message) => {
          setBusy(null);
          setFormError(message);
        }}
      />

      <div className="flex items-center gap-3 text-sm text-base-content/80" aria-hidden="true">
        <span className="h-px flex-1 bg-base-300" />
        {words.orEmail}
        <span className="h-px flex-1 bg-base-300" />
      </div>

      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-4"
        aria-label={words.emailForm}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="font-medium">
            {words.email}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            required
            className={`input w-full min-h-12 text-base ${fieldErrors.email ? 'input-error' : ''}`}
            onChange={revalidate}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? emailErrorId : undefined}
          />
          <FieldError fieldId={`${id}-email`} message={fieldErrors.email} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-password`} className="font-medium">
            {words.password}
          </label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={200}
            required
            className={`input w-full min-h-12 text-base ${fieldErrors.password ? 'input-error' : ''}`}
            onChange={revalidate}
            aria-invalid={fieldErrors.password ? true : undefined}
            aria-describedby={fieldErrors.password ? passwordErrorId : undefined}
          />
          <FieldError fieldId={`${id}-password`} message={fieldErrors.password} />
        </div>
        <button
          type="submit"
          className="btn btn-primary min-h-12 w-full text-base"
          disabled={disabled}
          aria-busy={busy === 'email' || undefined}
        >
          {busy === 'email' && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {words.submit}
        </button>
      </form>
    </div>
  );
}
