/** Every SQL statement of the team feature: invitations and the scopes in `users.scope`. */
import type { Queryable } from '../../platform/db/database.ts';
import type { TeamRole } from '../../../src/contract/team.ts';

export interface InvitationRow {
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

export interface UserScopeRow {
  id: string;
  name: string;
  email: string;
  scope: string;
}

/** `forUpdate`: the database's row lock (`Db.forUpdate`), inside a transaction. */
export const userScope = (q: Queryable, userId: string, forUpdate = '') =>
  q.get<{ scope: string }>(`SELECT scope FROM users WHERE id = ?${forUpdate}`, [userId]);

export const setUserScope = (q: Queryable, userId: string, scope: string[]) =>
  q.run('UPDATE users SET scope = ? WHERE id = ?', [JSON.stringify(scope), userId]);

export const userWithScope = (q: Queryable, userId: string) =>
  q.get<UserScopeRow>('SELECT id, name, email, scope FROM users WHERE id = ?', [userId]);

export const userIdByEmail = (q: Queryable, email: string) =>
  q.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);

/** Users whose scope holds `manager:{venueId}` or `staff:{venueId}` (candidates: the caller checks the parsed scope). */
export const usersWithVenueScope = (q: Queryable, venueId: string) =>
  q.all<UserScopeRow>(
    'SELECT id, name, email, scope FROM users WHERE scope LIKE ? OR scope LIKE ? ORDER BY name, email',
    [`%"manager:${venueId}"%`, `%"staff:${venueId}"%`],
  );

/** An account made from an invitation: its email is not proved (whoever held the link chose the password). */
export const insertUserWithScope = (
  q: Queryable,
  user: { id: string; email: string; name: string; passwordHash: string; scope: string[]; createdAt: string },
) =>
  q.run(
    'INSERT INTO users (id, email, name, avatar, password_hash, scope, created_at, email_verified) VALUES (?, ?, ?, NULL, ?, ?, ?, 0)',
    [user.id, user.email, user.name, user.passwordHash, JSON.stringify(user.scope), user.createdAt],
  );

export const pendingInvitations = (q: Queryable, venueId: string, now: number) =>
  q.all<InvitationRow>(
    'SELECT * FROM invitations WHERE venue_id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 200',
    [venueId, now],
  );

export const invitationByTokenHash = (q: Queryable, tokenHash: string, forUpdate = '') =>
  q.get<InvitationRow>(`SELECT * FROM invitations WHERE token_hash = ?${forUpdate}`, [tokenHash]);

export const insertInvitation = (q: Queryable, r: InvitationRow) =>
  q.run(
    'INSERT INTO invitations (id, token_hash, venue_id, email, role, invited_by, invited_by_name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [r.id, r.token_hash, r.venue_id, r.email, r.role, r.invited_by, r.invited_by_name, r.created_at, r.expires_at],
  );

/** Resolves to the number of rows changed: 1 when the invitation was still pending. */
export const markInvitationAccepted = (q: Queryable, id: string, userId: string, at: number) =>
  q.run(
    'UPDATE invitations SET accepted_at = ?, accepted_by = ? WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL',
    [at, userId, id],
  );

/** Resolves to the number of rows changed: 1 when the invitation was pending. */
export const revokeInvitation = (q: Queryable, venueId: string, id: string, at: number) =>
  q.run(
    'UPDATE invitations SET revoked_at = ? WHERE id = ? AND venue_id = ? AND accepted_at IS NULL AND revoked_at IS NULL',
    [at, id, venueId],
  );
