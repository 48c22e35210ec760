/**
 * Joining a table (docs/rules.md#table-sessions): the table's token opens its open session, or a new one; the
 * participant credential (256 random bits) is issued on join and stored only as its SHA-256 hash, bound to one
 * participant of one session (it is not the table token). Reading a session: its snapshot and stream cursor.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { problem } from '../../platform/problem.ts';
import { LIMITS } from '../../../src/contract/limits.ts';
import { TABLE_MESSAGES, TABLE_STRINGS } from '../../../src/contract/table.ts';
import { cleanText, hasLetterOrDigit } from '../../../src/contract/text.ts';
import { credentialProblem, isIdle, TABLE_STALE_MS, type TableContext, type TableSessionService } from './context.ts';
import { closeIn, publishRows } from './changes.ts';
import {
  insertParticipant,
  insertSession,
  markNewGroup,
  openSessionIfNone,
  openSessionOf,
  participantByCredential,
  sessionById,
} from './queries.ts';
import { readRows, snapshot, viewsOf, type SessionRows } from './views.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { SessionRow } from './queries.ts';

const CREDENTIAL_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

type Joining = Pick<TableSessionService, 'check' | 'checkLink' | 'join' | 'authenticate' | 'snapshot' | 'streamStart'>;

export function joining(ctx: TableContext): Joining {
  const { db, venues, events, limits, limiter, now, tableForToken } = ctx;

  async function check(venueId: string, label: string, token: string): Promise<boolean> {
    const entry = venues.get(venueId);
    if (!entry || !(entry.venue.tables ?? []).includes(label) || !token || token.length > 64) return false;
    return (await tableForToken(db, venueId, token)) === label;
  }

  /**
   * A wrong token counts in the address's own bad-token bucket (429 once it is full): guessing
   * never uses up the allowance of good joins, and a good token is never refused by it.
   */
  async function checkLink(venueId: string, label: string, token: string, address: string): Promise<boolean> {
    if (await check(venueId, label, token)) return true;
    await limiter.hit(`join-bad:${address}`, limits.badTokensPerAddress ?? null, TABLE_MESSAGES.tooManyBadTokens);
    return false;
  }

  /** Marks (once) that a new group waits for the table and tells the board; commits. Nothing of the session changes for its phones. */
  async function newGroupWaits(tx: Tx, s: SessionRow, rows: SessionRows, at: Date): Promise<true> {
    if (!s.new_group_at) {
      const marked: SessionRow = { ...s, new_group_at: at.toISOString() };
      const { staff } = viewsOf(venues, marked, rows);
      await Promise.all([
        markNewGroup(tx, s.id, marked.new_group_at!),
        events.append(tx, { venueId: s.venue_id, sessionId: s.id, type: 'table', data: JSON.stringify(staff) }),
      ]);
    }
    await tx.commit();
    return true;
  }

  return {
    check,
    checkLink,

    async join({ venueId, label, token, name, nameProblem, accountName, address, group }) {
      if (!(await checkLink(venueId, label, token, address)))
        throw problem('tableTokenInvalid', 404, TABLE_STRINGS.invalidToken);
      // An account's name is cleaned as a typed one is (src/contract/text.ts); one with no letter or digit is not used.
      const account =
        accountName === undefined ? '' : cleanText(accountName).slice(0, LIMITS.participantNameMax).trim();
      const usable = hasLetterOrDigit(account) ? account : undefined;
      const refusal = usable ? undefined : nameProblem;
      if (refusal) throw problem('validation', 422, refusal, { errors: { name: [refusal] } });
      const who = (usable ?? name ?? '').trim().slice(0, LIMITS.participantNameMax).trim();
      if (who.length < LIMITS.participantNameMin)
        throw problem('validation', 422, TABLE_MESSAGES.nameInvalid, {
          errors: { name: [TABLE_MESSAGES.nameInvalid] },
        });
      const credential = randomBytes(32).toString('base64url');
      const participantId = randomUUID();
      const session = await db.transaction(async (tx) => {
        const at = now();
        // First round trip, sent together: the table's turn (joins of one table take turns, on every
        // instance), a session opened if the table has none open (the partial unique index
        // `table_sessions_open` keeps it one), and the table's open session, locked.
        const [, , open] = await Promise.all([
          tx.lock('tableJoin', `${venueId}\n${label}`),
          openSessionIfNone(tx, randomUUID(), venueId, label, at),
          openSessionOf(tx, venueId, label, true),
        ]);
        let s = open!;
        if (isIdle(s, at, ctx.paidCloseMs)) {
          await closeIn(ctx, tx, s, at);
          s = await insertSession(tx, randomUUID(), venueId, label, at);
        }
        // Good joins only, counted per address: for this session (a closed table or a renewed
        // code starts a new session, so its counters start afresh) and for every table.
        const tableBucket = `join-table:${s.id}\n${address}`;
        const addressBucket = `join-address:${address}`;
        // Second: the limits' counts and the session's rows.
        const [, , rows] = await Promise.all([
          limiter.check(tx, tableBucket, limits.joinsPerTable, TABLE_MESSAGES.tooManyJoinsTable, at.getTime()),
          limiter.check(tx, addressBucket, limits.joinsPerAddress, TABLE_MESSAGES.tooManyJoinsAddress, at.getTime()),
          readRows(tx, s),
        ]);
        // An old session with people in it: the phone asks «¿Sois el mismo grupo?» before it sees anything of it;
        // «No, somos otro grupo» asks staff to close it (the board shows it) and joins nothing.
        if (rows.people.length > 0 && group !== 'same') {
          if (group === 'new') return { waiting: await newGroupWaits(tx, s, rows, at) };
          if (s.active_at < at.getTime() - TABLE_STALE_MS)
            throw problem('tableSameGroup', 409, TABLE_MESSAGES.sameGroup);
        }
        const cap = limits.maxPeople ?? 0;
        if (cap > 0 && rows.people.length >= cap) throw problem('tableFull', 409, TABLE_MESSAGES.tableFull(cap));
        // Join order is `joined_at` order: two joins in one millisecond get distinct, increasing
        // times (joins of a table take turns under the lock above), never an order decided by random ids.
        const last = rows.people.reduce<string | null>(
          (latest, p) => (latest === null || p.joined_at > latest ? p.joined_at : latest),
          null,
        );
        const joinedAt = (last && Date.parse(last) >= at.getTime() ? new Date(Date.parse(last) + 1) : at).toISOString();
        // Third: the participant, the counts, the new version and its events, and the COMMIT.
        const { session: view, sent } = publishRows(
          ctx,
          tx,
          s,
          { ...rows, people: [...rows.people, { id: participantId, name: who, joined_at: joinedAt }] },
          at,
        );
        await Promise.all([
          insertParticipant(tx, {
            id: participantId,
            sessionId: s.id,
            name: who,
            credentialHash: sha256(credential),
            joinedAt,
          }),
          limiter.record(tx, tableBucket, at.getTime()),
          limiter.record(tx, addressBucket, at.getTime()),
          sent,
          tx.commit(),
        ]);
        return { view };
      });
      events.committed(venueId);
      if ('waiting' in session) return { table: label, waiting: true as const };
      return { credential, participantId, session: session.view };
    },

    async authenticate(credential) {
      if (!credential || !CREDENTIAL_PATTERN.test(credential)) throw credentialProblem();
      const row = await participantByCredential(db, sha256(credential));
      if (!row) throw credentialProblem();
      const { participant_id: participantId, participant_name: name, ...session } = row;
      if (isIdle(session, now(), ctx.paidCloseMs)) {
        // Nobody did anything for 12 h: the session ends now, for every phone of it.
        await db.transaction(async (tx) => {
          const s = await sessionById(tx, session.id, true);
          if (s && isIdle(s, now(), ctx.paidCloseMs)) await closeIn(ctx, tx, s, now());
        });
        events.committed(session.venue_id);
        return { participantId, name, session: (await sessionById(db, session.id))! };
      }
      return { participantId, name, session };
    },

    snapshot: (session) => snapshot(db, venues, session),

    async streamStart(session) {
      // The cursor first: whatever changes after it arrives as an event (each is a whole snapshot).
      const cursor = await events.latestId(session.venue_id);
      return { cursor, session: await snapshot(db, venues, session) };
    },
  };
}
