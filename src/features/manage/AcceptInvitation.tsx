/**
 * `/invitacion#{token}`: someone was invited to a venue's team. Without an account they
 * create one here (name and password; the email is the invitation's); with one they sign in
 * (email or Google, on /login, which brings them back here) and accept. Then the account
 * carries `manager:{venue}` or `staff:{venue}` and the panel opens.
 */
import '../../styles/manage.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  PASSWORD_MIN,
  TEAM_ROLE_LABELS,
  type AcceptedInvitation,
  type InvitationPreview,
} from '../../contract/team.ts';
import { problemFieldErrors, problemMessage, problemOf } from '../../lib/http.ts';
import { $auth, $authReady, auth, refreshSession, requireLogin, signInWithEmail, startAuth } from '../auth/index.ts';
import { acceptInvitation, lookupInvitation } from './api.ts';

const ERROR_TEXT = 'text-error-strong';
const detailOf = (e: unknown) => problemOf(e)?.detail ?? problemMessage(e);
const tokenFromHash = () => decodeURIComponent(location.hash.replace(/^#/, '')).trim();

type Load =
  { state: 'loading' } | { state: 'ready'; invitation: InvitationPreview } | { state: 'error'; message: string };

function Accepted({ invitation, result }: { invitation: InvitationPreview; result: AcceptedInvitation }) {
  const venue = encodeURIComponent(result.venueId);
  return (
    <div className="flex flex-col gap-3" data-testid="invitation-accepted">
      <h1 className="text-2xl font-bold">¡Bienvenido al equipo!</h1>
      <p role="status">
        Ya formas parte del equipo de <strong>{invitation.venueName}</strong> como{' '}
        <strong>{TEAM_ROLE_LABELS[result.role]}</strong>.
      </p>
      <p className="flex flex-wrap gap-2">
        <a className="btn btn-primary min-h-11" href={`/panel?venue=${venue}`}>
          Abrir el panel de pedidos
        </a>
        {result.role === 'manager' && (
          <a className="btn btn-outline min-h-11" href={`/panel/menu?venue=${venue}`}>
            Gestionar menú
          </a>
        )}
      </p>
    </div>
  );
}

function CreateAccount({
  token,
  invitation,
  onDone,
}: {
  token: string;
  invitation: InvitationPreview;
  onDone: (r: AcceptedInvitation) => void;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const next: typeof errors = {};
    if (!name.trim()) next.name = 'Escribe tu nombre';
    if (password.length < PASSWORD_MIN) next.password = `La contraseña necesita al menos ${PASSWORD_MIN} caracteres`;
    setErrors(next);
    if (next.name || next.password) return;
    setBusy(true);
    try {
      const result = await acceptInvitation({ token, name: name.trim(), password });
      await signInWithEmail(invitation.email, password);
      onDone(result);
    } catch (e) {
      const fields = problemFieldErrors(e);
      if (fields.name || fields.password) setErrors({ name: fields.name?.[0], password: fields.password?.[0] });
      else setFailure(detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  const describe = (field: 'name' | 'password', hint?: string) => (errors[field] ? `account-${field}-error` : hint);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3" aria-labelledby="account-title">
      <h2 id="account-title" className="text-lg font-semibold">
        Crea tu cuenta
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="account-email" className="text-sm font-medium">
          Correo electrónico
        </label>
        <input
          id="account-email"
          className="input min-h-11 w-full"
          value={invitation.email}
          readOnly
          aria-describedby="account-email-hint"
        />
        <p id="account-email-hint" className="text-sm text-base-content/80">
          Es el correo de la invitación.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="account-name" className="text-sm font-medium">
          Tu nombre
        </label>
        <input
          id="account-name"
          className={`input min-h-11 w-full ${errors.name ? 'input-error' : ''}`}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describe('name')}
        />
        {errors.name && (
          <p id="account-name-error" className={`text-sm font-medium ${ERROR_TEXT}`}>
            {errors.name}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="account-password" className="text-sm font-medium">
          Contraseña
        </label>
        <input
          id="account-password"
          type="password"
          className={`input min-h-11 w-full ${errors.password ? 'input-error' : ''}`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describe('password', 'account-password-hint')}
        />
        {errors.password ? (
          <p id="account-password-error" className={`text-sm font-medium ${ERROR_TEXT}`}>
            {errors.password}
          </p>
        ) : (
          <p id="account-password-hint" className="text-sm text-base-content/80">
            Al menos {PASSWORD_MIN} caracteres.
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className={`text-sm font-medium ${ERROR_TEXT}`}>
          {failure}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
          Crear cuenta y unirme
        </button>
        <span className="text-sm">
          ¿Prefieres Google?{' '}
          <button type="button" className="link min-h-11" onClick={() => requireLogin()}>
            Entra con Google
          </button>
        </span>
      </div>
    </form>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user, loggedIn } = useStore($auth);
  const ready = useStore($authReady);
  const [result, setResult] = useState<AcceptedInvitation>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (result) return <Accepted invitation={invitation} result={result} />;

  async function accept() {
    setBusy(true);
    setFailure(undefined);
    try {
      const accepted = await acceptInvitation({ token });
      // The scope is in the account now; new tokens carry it.
      await refreshSession().catch(() => undefined);
      setResult(accepted);
    } catch (e) {
      setFailure(detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  const intro = (
    <>
      <h1 className="text-2xl font-bold">Invitación a {invitation.venueName}</h1>
      <p>
        Te invitan a unirte al equipo de <strong>{invitation.venueName}</strong> como{' '}
        <strong>{TEAM_ROLE_LABELS[invitation.role]}</strong> con el correo{' '}
        <strong className="break-all">{invitation.email}</strong>. La invitación sirve una vez y caduca el{' '}
        {new Intl.DateTimeFormat('es', { dateStyle: 'long' }).format(new Date(invitation.expiresAt))}.
      </p>
    </>
  );

  let body;
  if (!ready) {
    body = (
      <p role="status" className="flex items-center gap-2">
        <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Comprobando tu sesión…
      </p>
    );
  } else if (loggedIn && user) {
    body =
      user.email.toLowerCase() === invitation.email ? (
        <div className="flex flex-col gap-2">
          <p>
            Has iniciado sesión como <strong className="break-all">{user.email}</strong>.
          </p>
          <div>
            <button type="button" className="btn btn-primary min-h-11" disabled={busy} onClick={() => void accept()}>
              Aceptar invitación
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-2" role="alert">
          <p>
            Has iniciado sesión como <strong className="break-all">{user.email}</strong>, pero la invitación es para{' '}
            <strong className="break-all">{invitation.email}</strong>. Cierra la sesión y entra con esa cuenta (o crea
            una).
          </p>
          <div>
            <button type="button" className="btn btn-outline min-h-11" onClick={() => void auth.logout()}>
              Cerrar sesión
            </button>
          </div>
        </div>
      );
  } else if (invitation.accountExists) {
    body = (
      <div className="flex flex-col gap-2">
        <p>
          Ya tienes una cuenta con este correo. Inicia sesión (con tu contraseña o con Google) y volverás aquí para
          aceptar.
        </p>
        <div>
          <button type="button" className="btn btn-primary min-h-11" onClick={() => requireLogin()}>
            Iniciar sesión
          </button>
        </div>
      </div>
    );
  } else {
    body = <CreateAccount token={token} invitation={invitation} onDone={setResult} />;
  }

  return (
    <div className="flex flex-col gap-4">
      {intro}
      {body}
      {failure && (
        <p role="alert" className={`text-sm font-medium ${ERROR_TEXT}`}>
          {failure}
        </p>
      )}
    </div>
  );
}

export default function AcceptInvitation() {
  const [token] = useState(tokenFromHash);
  const [load, setLoad] = useState<Load>(() =>
    token
      ? { state: 'loading' }
      : { state: 'error', message: 'Falta el código de la invitación: abre el enlace completo que te enviaron.' },
  );
  useEffect(() => {
    void startAuth();
    if (!token) return;
    let live = true;
    lookupInvitation(token).then(
      (invitation) => live && setLoad({ state: 'ready', invitation }),
      (e: unknown) => live && setLoad({ state: 'error', message: detailOf(e) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <section className="mx-auto max-w-xl rounded-box border border-base-300 bg-base-100 p-5" data-testid="invitation">
      {load.state === 'loading' && (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Cargando la invitación…
        </p>
      )}
      {load.state === 'error' && (
        <div role="alert" className="flex flex-col gap-3">
          <h1 className="text-2xl font-bold">Invitación no válida</h1>
          <p>{load.message}</p>
          <p>
            <a className="btn btn-primary min-h-11" href="/">
              Volver al inicio
            </a>
          </p>
        </div>
      )}
      {load.state === 'ready' && <Invitation token={token} invitation={load.invitation} />}
    </section>
  );
}
