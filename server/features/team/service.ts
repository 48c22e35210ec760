/**
 * A venue's team: one-time invitation links that give `manager:{venueId}` or
 * `staff:{venueId}`, the list of who holds them, and taking access away. Scopes live in
 * `users.scope` and every access token is signed from it, so a change reaches the person at
 * their next token refresh at the latest (access tokens live `UMENU_ACCESS_TTL`). All the
 * SQL of the feature is here; the routes are in server/routes/team.ts.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { hashPassword } from '../auth/index.ts';
import { problem } from '../../platform/problem.ts';
import { managerScope, staffScope } from '../../../src/contract/permissions.ts';
import {
  INVITATION_TTL_MS, roleAt, type AcceptedInvitation, type Invitation, type InvitationPreview, type Team, type TeamRole,
} from '../../../src/contract/team.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
/** 192 random bits, URL-safe. */
const newToken = () => randomBytes(24).toString('base64url');

interface InvitationRow {
  id: string;
  token_hash: string;
  venue_id: string;
  email: string;
  role: TeamRole;
  invited_by: string;
  invited_by_name: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

interface UserScopeRow { id: string; name: string; email: string; scope: string }

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  venueId: r.venue_id,
  email: r.email,
  role: r.role,
  createdAt: new Date(Number(r.created_at)).toISOString(),
  expiresAt: new Date(Number(r.expires_at)).toISOString(),
  invitedBy: { id: r.invited_by, name: r.invited_by_name },
});

const invalid = () => problem('invitationInvalid', 404, 'Esta invitación no es válida o ya se ha usado. Pide a quien te invitó un enlace nuevo.');
const expired = () => problem('invitationInvalid', 404, 'Esta invitación ha caducado. Pide a quien te invitó un enlace nuevo.');

/** The scope a user has after `change`, written in the same transaction (row locked on PostgreSQL). */
async function changeScope(tx: Queryable, forUpdate: string, userId: string, change: (scope: string[]) => string[]): Promise<string[]> {
  const row = await tx.get<{ scope: string }>(`SELECT scope FROM users WHERE id = ?${forUpdate}`, [userId]);
  if (!row) throw problem('unauthorized', 401, 'La cuenta ya no existe.');
  const next = change(JSON.parse(row.scope) as string[]);
  await tx.run('UPDATE users SET scope = ? WHERE id = ?', [JSON.stringify(next), userId]);
  return next;
}

const grant = (role: TeamRole, venueId: string) => (scope: string[]) => {
  const wanted = `${role}:${venueId}`;
  return scope.includes(wanted) ? scope : [...scope, wanted];
};

const scopeLike = (role: TeamRole, venueId: string) => `%"${role}:${venueId}"%`;

export interface TeamService {
  team(venueId: string): Promise<Team>;
  invite(input: { venueId: string; email: string; role: TeamRole; by: { id: string; name: string } }): Promise<Invitation & { token: string }>;
  withdraw(venueId: string, invitationId: string): Promise<void>;
  /** Takes `manager:` and `staff:` of the venue away from a member. */
  remove(venueId: string, userId: string): Promise<void>;
  preview(token: string, venueName: (id: string) => string | undefined): Promise<InvitationPreview>;
  /** Accepts with the signed-in account `userId`, or creates the account (`name`, `password`). */
  accept(token: string, as: { userId: string } | { name: string; password: string }): Promise<AcceptedInvitation>;
}

export function createTeamService(db: Db): TeamService {
  /** A usable invitation by its token (inside a transaction: locked on PostgreSQL). */
  async function usable(q: Queryable, token: string, lock = ''): Promise<InvitationRow> {
    const row = await q.get<InvitationRow>(`SELECT * FROM invitations WHERE token_hash = ?${lock}`, [sha256(token)]);
    if (!row || row.accepted_at !== null || row.revoked_at !== null) throw invalid();
    if (Number(row.expires_at) <= Date.now()) throw expired();
    return row;
  }

  async function markAccepted(tx: Queryable, row: InvitationRow, userId: string): Promise<void> {
    const changed = await tx.run('UPDATE invitations SET accepted_at = ?, accepted_by = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL', [Date.now(), userId, row.id]);
    if (changed !== 1) throw invalid();
  }

  return {
    async team(venueId) {
      const users = await db.all<UserScopeRow>(
        'SELECT id, name, email, scope FROM users WHERE scope LIKE ? OR scope LIKE ? ORDER BY name, email',
        [scopeLike('manager', venueId), scopeLike('staff', venueId)],
      );
      const members = users.flatMap((u) => {
        const role = roleAt(JSON.parse(u.scope) as string[], venueId);
        return role ? [{ id: u.id, name: u.name, email: u.email, role }] : [];
      });
      const pending = await db.all<InvitationRow>(
        'SELECT * FROM invitations WHERE venue_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 200',
        [venueId, Date.now()],
      );
      return { venueId, members, invitations: pending.map(toInvitation) };
    },

    async invite({ venueId, email, role, by }) {
      const token = newToken();
      const now = Date.now();
      const row: InvitationRow = {
        id: randomUUID(), token_hash: sha256(token), venue_id: venueId, email: email.trim().toLowerCase(), role,
        invited_by: by.id, invited_by_name: by.name.slice(0, 80), created_at: now, expires_at: now + INVITATION_TTL_MS,
        accepted_at: null, revoked_at: null,
      };
      await db.run(
        'INSERT INTO invitations (id, token_hash, venue_id, email, role, invited_by, invited_by_name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [row.id, row.token_hash, row.venue_id, row.email, row.role, row.invited_by, row.invited_by_name, row.created_at, row.expires_at],
      );
      return { ...toInvitation(row), token };
    },

    async withdraw(venueId, invitationId) {
      const changed = await db.run('UPDATE invitations SET revoked_at = ? WHERE id = ? AND venue_id = ? AND accepted_at IS NULL AND revoked_at IS NULL', [Date.now(), invitationId.slice(0, 64), venueId]);
      if (changed !== 1) throw problem('notFound', 404, 'Esa invitación no existe o ya no está pendiente.');
    },

    async remove(venueId, userId) {
      await db.transaction(async (tx) => {
        const row = await tx.get<{ scope: string }>(`SELECT scope FROM users WHERE id = ?${db.forUpdate}`, [userId.slice(0, 64)]);
        if (!row || !roleAt(JSON.parse(row.scope) as string[], venueId)) throw problem('notFound', 404, 'Esa persona no forma parte del equipo de este local.');
        await changeScope(tx, db.forUpdate, userId, (scope) => scope.filter((s) => s !== managerScope(venueId) && s !== staffScope(venueId)));
      });
    },

    async preview(token, venueName) {
      const row = await usable(db, token);
      const account = await db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [row.email]);
      return {
        venueId: row.venue_id,
        venueName: venueName(row.venue_id) ?? row.venue_id,
        role: row.role,
        email: row.email,
        expiresAt: new Date(Number(row.expires_at)).toISOString(),
        accountExists: Boolean(account),
      };
    },

    async accept(token, as) {
      if ('userId' in as) {
        return db.transaction(async (tx) => {
          const row = await usable(tx, token, db.forUpdate);
          const user = await tx.get<UserScopeRow>('SELECT id, name, email, scope FROM users WHERE id = ?', [as.userId]);
          if (!user) throw problem('unauthorized', 401, 'La cuenta ya no existe.');
          if (user.email !== row.email) {
            throw problem('forbidden', 403, `Esta invitación es para ${row.email}. Entra con esa cuenta para aceptarla.`);
          }
          const scope = await changeScope(tx, db.forUpdate, user.id, grant(row.role, row.venue_id));
          await markAccepted(tx, row, user.id);
          return { venueId: row.venue_id, role: row.role, email: row.email, created: false, scope };
        });
      }
      // Checked before the slow hash, again inside the transaction.
      const first = await usable(db, token);
      if (await db.get('SELECT id FROM users WHERE email = ?', [first.email])) throw accountExists();
      const hash = await hashPassword(as.password);
      try {
        return await db.transaction(async (tx) => {
          const row = await usable(tx, token, db.forUpdate);
          if (await tx.get('SELECT id FROM users WHERE email = ?', [row.email])) throw accountExists();
          const id = randomUUID();
          const scope = [`${row.role}:${row.venue_id}`];
          await tx.run('INSERT INTO users (id, email, name, avatar, password_hash, scope, created_at) VALUES (?, ?, ?, NULL, ?, ?, ?)',
            [id, row.email, as.name, hash, JSON.stringify(scope), new Date().toISOString()]);
          await markAccepted(tx, row, id);
          return { venueId: row.venue_id, role: row.role, email: row.email, created: true, scope };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw accountExists();
        throw error;
      }
    },
  };
}

const accountExists = () => problem('accountExists', 409, 'Ya existe una cuenta con este correo: inicia sesión para aceptar la invitación.');
