/**
 * A venue's team: one-time invitation links that give `manager:{venueId}` or
 * `staff:{venueId}`, the list of who holds them, and taking access away. Scopes live in
 * `users.scope` and every access token is signed from it, so a change reaches the person at
 * their next token refresh at the latest (access tokens live `UMENU_ACCESS_TTL`); a removal ends their live
 * streams of the venue at once (docs/rules.md#live-streams-and-access). Its SQL is in
 * server/features/team/queries.ts; the routes are in server/features/team/routes.ts.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/database.ts';
import { hashPassword } from '../auth/index.ts';
import { accessEventData, type EventBus } from '../../platform/events/bus.ts';
import { problem } from '../../platform/problem.ts';
import { managerScope, staffScope } from '../../../src/contract/permissions.ts';
import * as sql from './queries.ts';
import type { InvitationRow } from './queries.ts';
import {
  INVITATION_TTL_MS,
  roleAt,
  TEAM_MESSAGES,
  type AcceptedInvitation,
  type Invitation,
  type InvitationPreview,
  type Team,
  type TeamRole,
} from '../../../src/contract/team.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
/** 192 random bits, URL-safe. */
const newToken = () => randomBytes(24).toString('base64url');

const toInvitation = (r: InvitationRow): Invitation => ({
  id: r.id,
  venueId: r.venue_id,
  email: r.email,
  role: r.role,
  createdAt: new Date(Number(r.created_at)).toISOString(),
  expiresAt: new Date(Number(r.expires_at)).toISOString(),
  invitedBy: { id: r.invited_by, name: r.invited_by_name },
});

const invalid = () => problem('invitationInvalid', 404, TEAM_MESSAGES.invitationInvalid);
const expired = () => problem('invitationInvalid', 404, TEAM_MESSAGES.invitationExpired);

/** The scope a user has after `change`, written in the same transaction (row locked on PostgreSQL). */
async function changeScope(
  tx: Queryable,
  forUpdate: string,
  userId: string,
  change: (scope: string[]) => string[],
): Promise<string[]> {
  const row = await sql.userScope(tx, userId, forUpdate);
  if (!row) throw problem('unauthorized', 401, TEAM_MESSAGES.accountGone);
  const next = change(JSON.parse(row.scope) as string[]);
  await sql.setUserScope(tx, userId, next);
  return next;
}

const grant = (role: TeamRole, venueId: string) => (scope: string[]) => {
  const wanted = `${role}:${venueId}`;
  return scope.includes(wanted) ? scope : [...scope, wanted];
};

export interface TeamService {
  team(venueId: string): Promise<Team>;
  invite(input: {
    venueId: string;
    email: string;
    role: TeamRole;
    by: { id: string; name: string };
  }): Promise<Invitation & { token: string }>;
  withdraw(venueId: string, invitationId: string): Promise<void>;
  /** Takes `manager:` and `staff:` of the venue away from a member. */
  remove(venueId: string, userId: string): Promise<void>;
  preview(token: string, venueName: (id: string) => string | undefined): Promise<InvitationPreview>;
  /** Accepts with the signed-in account `userId`, or creates the account (`name`, `password`). */
  accept(token: string, as: { userId: string } | { name: string; password: string }): Promise<AcceptedInvitation>;
}

/** `events`: a removal ends the person's live streams of the venue on every instance (server/platform/events/sse.ts). */
export function createTeamService(db: Db, events?: EventBus): TeamService {
  /** A usable invitation by its token (inside a transaction: locked on PostgreSQL). */
  async function usable(q: Queryable, token: string, lock = ''): Promise<InvitationRow> {
    const row = await sql.invitationByTokenHash(q, sha256(token), lock);
    if (!row || row.accepted_at !== null || row.revoked_at !== null) throw invalid();
    if (Number(row.expires_at) <= Date.now()) throw expired();
    return row;
  }

  async function markAccepted(tx: Queryable, row: InvitationRow, userId: string): Promise<void> {
    const changed = await sql.markInvitationAccepted(tx, row.id, userId, Date.now());
    if (changed !== 1) throw invalid();
  }

  return {
    async team(venueId) {
      const users = await sql.usersWithVenueScope(db, venueId);
      const members = users.flatMap((u) => {
        const role = roleAt(JSON.parse(u.scope) as string[], venueId);
        return role ? [{ id: u.id, name: u.name, email: u.email, role }] : [];
      });
      const pending = await sql.pendingInvitations(db, venueId, Date.now());
      return { venueId, members, invitations: pending.map(toInvitation) };
    },

    async invite({ venueId, email, role, by }) {
      const token = newToken();
      const now = Date.now();
      const row: InvitationRow = {
        id: randomUUID(),
        token_hash: sha256(token),
        venue_id: venueId,
        email: email.trim().toLowerCase(),
        role,
        invited_by: by.id,
        invited_by_name: by.name.slice(0, 80),
        created_at: now,
        expires_at: now + INVITATION_TTL_MS,
        accepted_at: null,
        revoked_at: null,
      };
      await sql.insertInvitation(db, row);
      return { ...toInvitation(row), token };
    },

    async withdraw(venueId, invitationId) {
      const changed = await sql.revokeInvitation(db, venueId, invitationId.slice(0, 64), Date.now());
      if (changed !== 1) throw problem('notFound', 404, TEAM_MESSAGES.invitationNotPending);
    },

    async remove(venueId, userId) {
      await db.transaction(async (tx) => {
        const row = await sql.userScope(tx, userId.slice(0, 64), db.forUpdate);
        if (!row || !roleAt(JSON.parse(row.scope) as string[], venueId))
          throw problem('notFound', 404, TEAM_MESSAGES.notAMember);
        await Promise.all([
          changeScope(tx, db.forUpdate, userId, (scope) =>
            scope.filter((s) => s !== managerScope(venueId) && s !== staffScope(venueId)),
          ),
          events?.append(tx, { venueId, type: 'access', data: accessEventData(userId) }),
        ]);
      });
      events?.committed(venueId);
    },

    async preview(token, venueName) {
      const row = await usable(db, token);
      const account = await sql.userIdByEmail(db, row.email);
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
          const user = await sql.userWithScope(tx, as.userId);
          if (!user) throw problem('unauthorized', 401, TEAM_MESSAGES.accountGone);
          if (user.email !== row.email) {
            throw problem('forbidden', 403, TEAM_MESSAGES.otherEmail(row.email));
          }
          const scope = await changeScope(tx, db.forUpdate, user.id, grant(row.role, row.venue_id));
          await markAccepted(tx, row, user.id);
          return { venueId: row.venue_id, role: row.role, email: row.email, created: false, scope };
        });
      }
      // Checked before the slow hash, again inside the transaction.
      const first = await usable(db, token);
      if (await sql.userIdByEmail(db, first.email)) throw accountExists();
      const hash = await hashPassword(as.password);
      try {
        return await db.transaction(async (tx) => {
          const row = await usable(tx, token, db.forUpdate);
          if (await sql.userIdByEmail(tx, row.email)) throw accountExists();
          const id = randomUUID();
          const scope = [`${row.role}:${row.venue_id}`];
          await sql.insertUserWithScope(tx, {
            id,
            email: row.email,
            name: as.name,
            passwordHash: hash,
            scope,
            createdAt: new Date().toISOString(),
          });
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

const accountExists = () => problem('accountExists', 409, TEAM_MESSAGES.accountExists);
