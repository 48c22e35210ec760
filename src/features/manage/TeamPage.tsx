/**
 * `/panel/equipo?venue={id}`: the venue's team. The venue's managers and admins invite a
 * person by email as manager or staff (a one-time link, valid 7 days, shown with "Copiar
 * enlace": umenu sends no e-mail), see who has access with their role, withdraw pending
 * invitations and take access away ("Quitar acceso": effective at the person's next token
 * refresh at the latest). API: server/README.md, "Team and invitations".
 */
import '../../styles/manage.ts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { User } from '../../contract/auth.ts';
import {
  INVITATION_TTL_DAYS,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  type CreatedInvitation,
  type Team,
  type TeamRole,
} from '../../contract/team.ts';
import { problemFieldErrors, problemMessage, problemOf } from '../../lib/http.ts';
import { createInvitation, fetchTeam, fetchVenue, removeMember, withdrawInvitation } from './api.ts';
import { CopyLink } from './CopyLink.tsx';
import { ManageGate } from './ManageGate.tsx';
import { PanelNav } from './PanelNav.tsx';
import { PageLoadFailed, PageLoading } from './PageLoad.tsx';

const ERROR_TEXT = 'text-error-strong';
const ROLE_HINTS: Record<TeamRole, string> = {
  manager: 'Edita el menú, las mesas y el equipo; atiende los pedidos.',
  staff: 'Atiende los pedidos y las mesas; marca platos agotados.',
};

const dateText = (iso: string) =>
  new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
const detailOf = (e: unknown) => problemOf(e)?.detail ?? problemMessage(e);

function InviteForm({ venueId, onCreated }: { venueId: string; onCreated: (invitation: CreatedInvitation) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('staff');
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setEmailError(undefined);
    setFailure(undefined);
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return setEmailError('Escribe un correo válido');
    setBusy(true);
    try {
      onCreated(await createInvitation(venueId, { email: address, role }));
      setEmail('');
    } catch (e) {
      const fields = problemFieldErrors(e);
      if (fields.email) setEmailError(fields.email[0]);
      else setFailure(detailOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      aria-labelledby="invite-title"
    >
      <h2 id="invite-title" className="text-lg font-semibold">
        Invitar a alguien
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="invite-email" className="text-sm font-medium">
          Correo electrónico
        </label>
        <input
          id="invite-email"
          type="email"
          autoComplete="off"
          className={`input min-h-11 w-full ${emailError ? 'input-error' : ''}`}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'invite-email-error' : undefined}
        />
        {emailError && (
          <p id="invite-email-error" className={`text-sm font-medium ${ERROR_TEXT}`}>
            {emailError}
          </p>
        )}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Rol</legend>
        {TEAM_ROLES.map((r) => (
          <div key={r} className="flex min-h-11 items-start gap-3 rounded-field border border-base-300 p-2">
            <input
              id={`invite-role-${r}`}
              type="radio"
              name="invite-role"
              className="radio mt-0.5"
              value={r}
              checked={role === r}
              onChange={() => setRole(r)}
              aria-describedby={`invite-role-${r}-hint`}
            />
            <span>
              <label htmlFor={`invite-role-${r}`} className="block cursor-pointer font-medium">
                {TEAM_ROLE_LABELS[r]}
              </label>
              <span id={`invite-role-${r}-hint`} className="block text-sm text-base-content/80">
                {ROLE_HINTS[r]}
              </span>
            </span>
          </div>
        ))}
      </fieldset>
      {failure && (
        <p role="alert" className={`text-sm font-medium ${ERROR_TEXT}`}>
          {failure}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy}>
          Crear invitación
        </button>
      </div>
    </form>
  );
}

function TeamView({ venueId, user }: { venueId: string; user: User }) {
  const [venueName, setVenueName] = useState<string>();
  const [team, setTeam] = useState<Team>();
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<CreatedInvitation>();
  const [status, setStatus] = useState('');

  const reload = useCallback(async () => {
    try {
      setTeam(await fetchTeam(venueId));
      setError(undefined);
    } catch (e) {
      setError(detailOf(e));
    }
  }, [venueId]);

  useEffect(() => {
    let live = true;
    Promise.all([fetchVenue(venueId), fetchTeam(venueId)]).then(
      ([venue, t]) => {
        if (!live) return;
        setVenueName(venue.name);
        setTeam(t);
      },
      (e: unknown) => live && setError(detailOf(e)),
    );
    return () => {
      live = false;
    };
  }, [venueId]);

  async function remove(member: Team['members'][number]) {
    if (
      !confirm(
        `¿Quitar el acceso de ${member.name || member.email} a este local? Lo perderá en unos minutos, como mucho al renovarse su sesión.`,
      )
    )
      return;
    try {
      await removeMember(venueId, member.id);
      setStatus(`${member.name || member.email} ya no tiene acceso a este local.`);
      await reload();
    } catch (e) {
      setStatus(detailOf(e));
    }
  }

  async function withdraw(invitation: Team['invitations'][number]) {
    try {
      await withdrawInvitation(venueId, invitation.id);
      if (created?.id === invitation.id) setCreated(undefined);
      setStatus(`Invitación para ${invitation.email} anulada: su enlace ya no sirve.`);
      await reload();
    } catch (e) {
      setStatus(detailOf(e));
    }
  }

  if (error) {
    return <PageLoadFailed message={error} onRetry={() => void reload()} />;
  }
  if (!team || venueName === undefined) {
    return <PageLoading what="Cargando el equipo…" />;
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold">Equipo · {venueName}</h1>
        <PanelNav page="/panel/equipo" venueId={venueId} user={user} />
        <p>
          Invita a quien trabaja en el local. umenu no envía correos: copia el enlace de la invitación y envíaselo tú.
          Sirve una sola vez y caduca a los {INVITATION_TTL_DAYS} días.
        </p>
      </div>

      <InviteForm
        venueId={venueId}
        onCreated={(invitation) => {
          setCreated(invitation);
          setStatus('');
          void reload();
        }}
      />

      {created && (
        <section
          aria-labelledby="created-title"
          className="flex flex-col gap-2 rounded-box border-2 border-success bg-base-100 p-4"
          data-testid="created-invitation"
        >
          <h2 id="created-title" className="text-lg font-semibold">
            Invitación creada
          </h2>
          <p>
            Para <strong>{created.email}</strong> como <strong>{TEAM_ROLE_LABELS[created.role]}</strong>. Envíale este
            enlace; caduca el {dateText(created.expiresAt)}.
          </p>
          <CopyLink url={created.url} label="Enlace de la invitación" testId="invitation-link" />
        </section>
      )}

      <p role="status" aria-live="polite" className="min-h-6 text-sm">
        {status}
      </p>

      <section aria-labelledby="members-title" className="flex flex-col gap-2">
        <h2 id="members-title" className="text-lg font-semibold">
          Quién tiene acceso
        </h2>
        {team.members.length === 0 ? (
          <p>Nadie más gestiona ni atiende este local todavía.</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="team-members">
            {team.members.map((member) => (
              <li
                key={member.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border border-base-300 bg-base-100 p-3"
                data-member={member.email}
              >
                <span className="min-w-0 basis-full sm:basis-0 sm:flex-1">
                  <span className="block font-semibold">{member.name || member.email}</span>
                  <span className="block text-sm break-all text-base-content/80">{member.email}</span>
                </span>
                <span className="badge badge-outline min-h-7">{TEAM_ROLE_LABELS[member.role]}</span>
                {member.id === user.id ? (
                  <span className="text-sm text-base-content/80">Tú</span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm min-h-11 text-error-strong"
                    onClick={() => void remove(member)}
                    aria-label={`Quitar acceso a ${member.name || member.email}`}
                  >
                    Quitar acceso
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {team.invitations.length > 0 && (
        <section aria-labelledby="pending-title" className="flex flex-col gap-2">
          <h2 id="pending-title" className="text-lg font-semibold">
            Invitaciones pendientes
          </h2>
          <ul className="flex flex-col gap-2" data-testid="team-invitations">
            {team.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border border-dashed border-base-300 bg-base-100 p-3"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-all">{invitation.email}</span>
                  <span className="block text-sm text-base-content/80">
                    {TEAM_ROLE_LABELS[invitation.role]} · caduca el {dateText(invitation.expiresAt)}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm min-h-11"
                  onClick={() => void withdraw(invitation)}
                  aria-label={`Anular la invitación de ${invitation.email}`}
                >
                  Anular
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export default function TeamPage() {
  return <ManageGate page="/panel/equipo">{(venueId, user) => <TeamView venueId={venueId} user={user} />}</ManageGate>;
}
