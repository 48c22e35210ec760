/**
 * Table sessions (docs/rules.md#table-sessions): everyone at a table joins one live session from their own
 * phone (no account needed), shares one cart and sends rounds to the kitchen together.
 *
 * - A participant credential (256 random bits) is issued on join and stored only as its
 *   SHA-256 hash; it is bound to one participant of one session and is not the table token.
 * - Every change runs in one transaction that first locks the session row (so two
 *   instances serialize on it), bumps `version`, and appends two events: `session` (the
 *   whole snapshot, routed to that session's stream by `session_id`) and `table` (the staff
 *   view, for the board). Rounds are orders created by `server/features/orders/service.ts` (numbers,
 *   idempotency, the price-change 409) for the user `table:{sessionId}`; the cart is
 *   emptied in the order's own transaction.
 * - A closed session (staff closed it, or no activity for 12 h) answers a snapshot with
 *   nothing in it; writes get 409 `tableClosed`. The next join opens a new session.
 */
import type { RateLimit, RateLimiter } from '../../platform/rate-limit.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { VenueStore, CachedVenue } from '../venues/index.ts';
import { findOption } from '../venues/index.ts';
import { hashBody, TABLE_USER_PREFIX, type CreateResult, type OrderService } from '../orders/index.ts';
import { priceLines } from '../orders/index.ts';
import { problem } from '../../platform/problem.ts';
import type { Order, OrderInput } from '../../../src/contract/order.ts';
import { lineTotalOf, subtotalOf, unitCountOf } from '../../../src/contract/money.ts';
import { LIMITS } from '../../../src/contract/limits.ts';
import { lineKey, lineNote } from '../../../src/contract/cart-line.ts';
import {
  TABLE_MESSAGES, TABLE_STRINGS,
  type CallKind, type CartLineInput, type JoinResult, type Participant, type StaffTableSession,
  type LineRemoval, type TableBill, type TableCall, type TableCartLine, type TableSession,
} from '../../../src/contract/table.ts';

/** A session without any activity for this long counts as closed. */
export const TABLE_IDLE_MS = 12 * 3600_000;
const CREDENTIAL_PATTERN = /^[A-Za-z0-9_-]{43}$/;

interface SessionRow {
  id: string;
  venue_id: string;
  label: string;
  status: 'open' | 'closed';
  version: number;
  opened_at: string;
  closed_at: string | null;
  active_at: number;
}

interface LineRow {
  id: string;
  participant_id: string;
  product_id: string;
  name: string;
  option_ids: string;
  note: string | null;
  quantity: number;
  added_at: string;
}

interface CallRow {
  id: string;
  session_id: string;
  kind: CallKind;
  at: string;
  acknowledged_at: string | null;
  participant_id: string | null;
}

const CALL_COLUMNS = 'id, session_id, kind, at, acknowledged_at, participant_id';

/** Who is calling: a participant of a session, authenticated by their credential. */
export interface TableCaller {
  participantId: string;
  name: string;
  session: SessionRow;
}

export interface TableLimits {
  joinsPerTable: RateLimit | null;
  joinsPerAddress: RateLimit | null;
  callsPerSession: RateLimit | null;
}

export interface TableSessionService {
  /** True when the token opens this table of this venue now. */
  check(venueId: string, label: string, token: string): Promise<boolean>;
  join(input: { venueId: string; label: string; token: string; name: string | undefined; accountName: string | undefined; address: string }): Promise<JoinResult>;
  /** The participant of a credential (401 when missing or unknown). An idle session is closed here. */
  authenticate(credential: string | undefined): Promise<TableCaller>;
  /** The participant's view of the session (the empty closed shape once closed). */
  snapshot(session: SessionRow): Promise<TableSession>;
  /** The newest event id of the session's venue, then the snapshot: a cursor for its event stream. */
  streamStart(session: SessionRow): Promise<{ cursor: number; session: TableSession }>;
  putLine(caller: TableCaller, lineId: string, input: CartLineInput): Promise<TableSession>;
  deleteLine(caller: TableCaller, lineId: string): Promise<TableSession>;
  sendRound(caller: TableCaller, key: string, bodyText: string, expectedTotal: number): Promise<CreateResult>;
  call(caller: TableCaller, kind: CallKind): Promise<{ call: TableCall; alreadyOpen: boolean }>;
  bill(caller: TableCaller): Promise<TableBill>;
  listOpen(venueId: string): Promise<StaffTableSession[]>;
  acknowledge(venueId: string, callId: string): Promise<TableCall>;
  close(venueId: string, label: string): Promise<{ table: string; closedAt: string }>;
  /** Closes the table's open session if there is one (its code was renewed): true when one was closed. */
  closeIfOpen(venueId: string, label: string): Promise<boolean>;
  /** Deletes rate-limit records older than every window. */
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const closedProblem = () => problem('tableClosed', 409, TABLE_MESSAGES.sessionClosed);
const credentialProblem = () => problem('tableCredentialInvalid', 401, TABLE_MESSAGES.credentialInvalid);

/** Thrown inside a transaction to commit it and then answer 409 (an idle session was closed). */
class ClosedAfterCommit {
  readonly closed = true;
}

export interface TableSessionOptions {
  limits: TableLimits;
  /** The table a token opens (`tableForToken` of server/features/tables/routes.ts, which owns the tokens). */
  tableForToken: (q: Queryable, venueId: string, token: string) => Promise<string | undefined>;
  /** The server's rate limiter (joins and calls). */
  limiter: RateLimiter;
  now?: () => Date;
}

export function createTableSessionService(db: Db, venues: VenueStore, orders: OrderService, events: EventBus, options: TableSessionOptions): TableSessionService {
  const now = options.now ?? (() => new Date());
  const { limits, limiter, tableForToken } = options;

  // ── Reading ────────────────────────────────────────────────────────────────

  const sessionById = (q: Queryable, id: string, lock = false) =>
    q.get<SessionRow>(`SELECT id, venue_id, label, status, version, opened_at, closed_at, active_at FROM table_sessions WHERE id = ?${lock ? db.forUpdate : ''}`, [id]);

  /** A cart line priced from the venue's current menu (options no longer on the menu are left out). */
  function pricedLine(entry: CachedVenue | undefined, row: LineRow, by: string): TableCartLine {
    const optionIds = JSON.parse(row.option_ids) as string[];
    const found = entry?.products.get(row.product_id);
    const options: TableCartLine['options'] = [];
    for (const id of optionIds) {
      const hit = found ? findOption(found.product, id) : undefined;
      if (hit) options.push({ id, name: hit.option.name, priceDelta: hit.option.priceDelta });
    }
    const unitPrice = found ? Math.max(0, found.product.price + options.reduce((sum, o) => sum + o.priceDelta, 0)) : 0;
    return {
      id: row.id,
      participantId: row.participant_id,
      by,
      productId: row.product_id,
      name: found?.product.name ?? row.name,
      options,
      optionIds,
      ...(row.note ? { note: row.note } : {}),
      quantity: row.quantity,
      unitPrice,
      lineTotal: lineTotalOf({ unitPrice, quantity: row.quantity }),
      addedAt: row.added_at,
    };
  }

  async function readParts(q: Queryable, s: SessionRow) {
    const [people, lineRows, roundRows, callRows] = await Promise.all([
      q.all<{ id: string; name: string; joined_at: string }>('SELECT id, name, joined_at FROM table_participants WHERE session_id = ? ORDER BY joined_at, id', [s.id]),
      q.all<LineRow>('SELECT id, participant_id, product_id, name, option_ids, note, quantity, added_at FROM table_cart_lines WHERE session_id = ? ORDER BY added_at, id', [s.id]),
      q.all<{ doc: string }>('SELECT doc FROM orders WHERE user_id = ? ORDER BY created_at, id', [TABLE_USER_PREFIX + s.id]),
      q.all<CallRow>(`SELECT ${CALL_COLUMNS} FROM table_calls WHERE session_id = ? AND acknowledged_at IS NULL ORDER BY at, id`, [s.id]),
    ]);
    const participants: Participant[] = people.map((p) => ({ id: p.id, name: p.name, joinedAt: p.joined_at }));
    const names = new Map(participants.map((p) => [p.id, p.name]));
    const entry = venues.get(s.venue_id);
    const lines = lineRows.map((row) => pricedLine(entry, row, names.get(row.participant_id) ?? ''));
    const rounds = roundRows.map((r) => JSON.parse(r.doc) as Order);
    const calls = callRows.map((r) => toCall(r, names));
    return { participants, lines, lineRows, rounds, calls };
  }

  const toCall = (r: CallRow, names?: ReadonlyMap<string, string>): TableCall => ({
    id: r.id, kind: r.kind, at: r.at,
    ...(r.acknowledged_at ? { acknowledgedAt: r.acknowledged_at } : {}),
    ...(r.participant_id ? { participantId: r.participant_id, ...(names?.get(r.participant_id) ? { by: names.get(r.participant_id)! } : {}) } : {}),
  });

  const closedShape = (s: SessionRow): TableSession => ({
    id: s.id, venueId: s.venue_id, table: s.label, status: 'closed', closedAt: s.closed_at ?? s.opened_at, version: s.version,
    participants: [], cart: { lines: [], subtotal: 0, count: 0 }, rounds: [], calls: [],
  });

  async function views(q: Queryable, s: SessionRow): Promise<{ session: TableSession; staff: StaffTableSession }> {
    if (s.status === 'closed') {
      return {
        session: closedShape(s),
        staff: { id: s.id, table: s.label, status: 'closed', openedAt: s.opened_at, closedAt: s.closed_at ?? s.opened_at, participants: [], cartCount: 0, rounds: [], calls: [] },
      };
    }
    const { participants, lines, rounds, calls } = await readParts(q, s);
    return {
      session: {
        id: s.id, venueId: s.venue_id, table: s.label, status: 'open', openedAt: s.opened_at, version: s.version,
        participants, cart: { lines, subtotal: subtotalOf(lines), count: unitCountOf(lines) }, rounds, calls,
      },
      staff: { id: s.id, table: s.label, status: 'open', openedAt: s.opened_at, participants, cartCount: unitCountOf(lines), rounds, calls },
    };
  }

  // ── Writing ────────────────────────────────────────────────────────────────

  /** After a change inside `tx`: bump the version and tell the session's phones and the board. */
  /** `removal`: someone removed another person's line (said in this change's snapshot only). */
  async function publish(tx: Queryable, s: SessionRow, at: Date, removal?: LineRemoval): Promise<TableSession> {
    const row = (await tx.get<SessionRow>('UPDATE table_sessions SET version = version + 1, active_at = ? WHERE id = ? RETURNING id, venue_id, label, status, version, opened_at, closed_at, active_at', [at.getTime(), s.id]))!;
    const views_ = await views(tx, row);
    const { staff } = views_;
    const session = removal && row.status === 'open' ? { ...views_.session, removed: removal } : views_.session;
    await events.append(tx, { venueId: row.venue_id, sessionId: row.id, type: 'session', data: JSON.stringify(session) });
    await events.append(tx, { venueId: row.venue_id, sessionId: row.id, type: 'table', data: JSON.stringify(staff) });
    return session;
  }

  async function closeIn(tx: Queryable, s: SessionRow, at: Date): Promise<string> {
    const closedAt = at.toISOString();
    await tx.run("UPDATE table_sessions SET status = 'closed', closed_at = ? WHERE id = ?", [closedAt, s.id]);
    await tx.run('DELETE FROM table_cart_lines WHERE session_id = ?', [s.id]);
    await tx.run('UPDATE table_calls SET acknowledged_at = ? WHERE session_id = ? AND acknowledged_at IS NULL', [closedAt, s.id]);
    await publish(tx, s, at);
    return closedAt;
  }

  const isIdle = (s: SessionRow, at: Date) => s.status === 'open' && s.active_at < at.getTime() - TABLE_IDLE_MS;

  /**
   * A change of an open session: locks its row, refuses a closed one (an idle one is closed
   * first, and that is committed), runs `fn`, then publishes when `fn` reports a change.
   */
  async function mutate<T>(sessionId: string, fn: (tx: Queryable, s: SessionRow, at: Date) => Promise<{ changed: boolean; value: T; removal?: LineRemoval }>): Promise<{ value: T; session: TableSession }> {
    let venueId = '';
    const result = await db.transaction(async (tx) => {
      const s = await sessionById(tx, sessionId, true);
      if (!s) throw credentialProblem();
      venueId = s.venue_id;
      const at = now();
      if (s.status === 'closed') throw closedProblem();
      if (isIdle(s, at)) {
        await closeIn(tx, s, at);
        return new ClosedAfterCommit();
      }
      const { changed, value, removal } = await fn(tx, s, at);
      const session = changed ? await publish(tx, s, at, removal) : (await views(tx, s)).session;
      return { value, session, changed };
    });
    if (result instanceof ClosedAfterCommit) {
      events.committed(venueId);
      throw closedProblem();
    }
    if (result.changed) events.committed(venueId);
    return result;
  }

  /** Checks a cart line against the menu (exists, available, option groups): 422 otherwise. */
  function checkLine(entry: CachedVenue, input: CartLineInput, at: Date): void {
    const errors: Record<string, string[]> = {};
    const { unavailable } = priceLines(entry, [input], at, (path, message) => (errors[path.replace(/^lines\.0\.?/, '') || 'productId'] ??= []).push(message));
    if (Object.keys(errors).length) throw problem('validation', 422, 'Revisa el plato y sus opciones.', { errors });
    if (unavailable.length) {
      throw problem('unavailable', 422, `Ya no está disponible: ${unavailable.map((u) => u.name).join(', ')}.`, {
        unavailable: unavailable.map((u) => ({ ...u, index: 0 })),
        errors: { productId: ['No disponible'] },
      });
    }
  }

  // Sorted here, by code unit, never by SQL: a database's collation (en-US…) orders ids otherwise.
  const signatureOf = (rows: LineRow[]) => JSON.stringify([...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => [r.id, r.product_id, r.option_ids, r.note, r.quantity]));

  async function lineSignature(q: Queryable, sessionId: string): Promise<string> {
    return signatureOf(await q.all<LineRow>('SELECT id, participant_id, product_id, name, option_ids, note, quantity, added_at FROM table_cart_lines WHERE session_id = ?', [sessionId]));
  }

  async function check(venueId: string, label: string, token: string): Promise<boolean> {
    const entry = venues.get(venueId);
    if (!entry || !(entry.venue.tables ?? []).includes(label) || !token || token.length > 64) return false;
    return (await tableForToken(db, venueId, token)) === label;
  }

  async function snapshot(session: SessionRow): Promise<TableSession> {
    const fresh = await sessionById(db, session.id);
    return (await views(db, fresh ?? session)).session;
  }

  return {
    check,

    async join({ venueId, label, token, name, accountName, address }) {
      await limiter.hit(`join-address:${address}`, limits.joinsPerAddress, (wait) => `Demasiados intentos de unirse a una mesa desde esta conexión. Vuelve a intentarlo en ${wait}.`);
      if (!(await check(venueId, label, token))) throw problem('tableTokenInvalid', 404, TABLE_STRINGS.invalidToken);
      const who = (accountName ?? name ?? '').trim().slice(0, LIMITS.participantNameMax).trim();
      if (who.length < LIMITS.participantNameMin) throw problem('validation', 422, TABLE_MESSAGES.nameInvalid, { errors: { name: [TABLE_MESSAGES.nameInvalid] } });
      await limiter.hit(`join-table:${venueId}\n${label}`, limits.joinsPerTable, (wait) => `Se han unido demasiadas personas a esta mesa en poco tiempo. Vuelve a intentarlo en ${wait}.`);
      const credential = randomBytes(32).toString('base64url');
      const participantId = randomUUID();
      const session = await db.transaction(async (tx) => {
        // One open session per table: joins of one table take turns (every instance), and the
        // partial unique index `table_sessions_open` would refuse a second one anyway.
        await tx.lock('tableJoin', `${venueId}\n${label}`);
        const at = now();
        let s = await tx.get<SessionRow>(`SELECT id, venue_id, label, status, version, opened_at, closed_at, active_at FROM table_sessions WHERE venue_id = ? AND label = ? AND status = 'open'${db.forUpdate}`, [venueId, label]);
        if (s && isIdle(s, at)) {
          await closeIn(tx, s, at);
          s = undefined;
        }
        if (!s) {
          s = (await tx.get<SessionRow>("INSERT INTO table_sessions (id, venue_id, label, status, version, opened_at, active_at) VALUES (?, ?, ?, 'open', 0, ?, ?) RETURNING id, venue_id, label, status, version, opened_at, closed_at, active_at", [randomUUID(), venueId, label, at.toISOString(), at.getTime()]))!;
        }
        // Join order is `joined_at` order: two joins in one millisecond get distinct, increasing
        // times (joins of a table take turns under the lock above), never an order decided by random ids.
        const last = await tx.get<{ joined_at: string }>('SELECT joined_at FROM table_participants WHERE session_id = ? ORDER BY joined_at DESC LIMIT 1', [s.id]);
        const joinedAt = last && Date.parse(last.joined_at) >= at.getTime() ? new Date(Date.parse(last.joined_at) + 1) : at;
        await tx.run('INSERT INTO table_participants (id, session_id, name, user_id, credential_hash, joined_at) VALUES (?, ?, ?, NULL, ?, ?)', [participantId, s.id, who, sha256(credential), joinedAt.toISOString()]);
        return publish(tx, s, at);
      });
      events.committed(venueId);
      return { credential, participantId, session };
    },

    async authenticate(credential) {
      if (!credential || !CREDENTIAL_PATTERN.test(credential)) throw credentialProblem();
      const row = await db.get<SessionRow & { participant_id: string; participant_name: string }>(
        'SELECT s.id, s.venue_id, s.label, s.status, s.version, s.opened_at, s.closed_at, s.active_at, p.id AS participant_id, p.name AS participant_name FROM table_participants p JOIN table_sessions s ON s.id = p.session_id WHERE p.credential_hash = ?',
        [sha256(credential)],
      );
      if (!row) throw credentialProblem();
      const { participant_id: participantId, participant_name: name, ...session } = row;
      if (isIdle(session, now())) {
        // Nobody did anything for 12 h: the session ends now, for every phone of it.
        await db.transaction(async (tx) => {
          const s = await sessionById(tx, session.id, true);
          if (s && isIdle(s, now())) await closeIn(tx, s, now());
        });
        events.committed(session.venue_id);
        return { participantId, name, session: (await sessionById(db, session.id))! };
      }
      return { participantId, name, session };
    },

    snapshot,

    async streamStart(session) {
      // The cursor first: whatever changes after it arrives as an event (each is a whole snapshot).
      const cursor = await events.latestId(session.venue_id);
      return { cursor, session: await snapshot(session) };
    },

    async putLine(caller, lineId, input) {
      const bodyHash = hashBody(JSON.stringify([input.productId, input.optionIds, input.note ?? '', input.quantity]));
      const entry = venues.get(caller.session.venue_id);
      if (!entry) throw closedProblem();
      const note = lineNote(input.note) ?? null;
      const key = lineKey(input.productId, input.optionIds, note);
      const { session } = await mutate(caller.session.id, async (tx, s, at) => {
        const known = await tx.get<{ target_id: string; body_hash: string }>('SELECT target_id, body_hash FROM table_line_ids WHERE session_id = ? AND line_id = ?', [s.id, lineId]);
        if (known) {
          const target = await tx.get<LineRow>('SELECT id, participant_id, product_id, name, option_ids, note, quantity, added_at FROM table_cart_lines WHERE session_id = ? AND id = ?', [s.id, known.target_id]);
          // Sent in a round or removed meanwhile: a late repeat changes nothing.
          if (!target) return { changed: false, value: undefined };
          if (target.participant_id !== caller.participantId) throw problem('forbidden', 403, TABLE_MESSAGES.notYourLine);
          if (known.body_hash === bodyHash) return { changed: false, value: undefined };
          if (target.product_id !== input.productId) throw problem('validation', 422, 'Para cambiar de plato, quita esta línea y añade otra.', { errors: { productId: ['No se puede cambiar el plato de una línea'] } });
          checkLine(entry, input, at);
          await tx.run('UPDATE table_cart_lines SET option_ids = ?, note = ?, quantity = ? WHERE session_id = ? AND id = ?', [JSON.stringify(input.optionIds), note, input.quantity, s.id, target.id]);
          await tx.run('UPDATE table_line_ids SET body_hash = ? WHERE session_id = ? AND line_id = ?', [bodyHash, s.id, lineId]);
          return { changed: true, value: undefined };
        }
        checkLine(entry, input, at);
        const mine = await tx.all<LineRow>('SELECT id, participant_id, product_id, name, option_ids, note, quantity, added_at FROM table_cart_lines WHERE session_id = ? AND participant_id = ? AND product_id = ?', [s.id, caller.participantId, input.productId]);
        const same = mine.find((row) => lineKey(row.product_id, JSON.parse(row.option_ids) as string[], row.note) === key);
        if (same) {
          // The same dish with the same options and note: one line with both quantities.
          await tx.run('UPDATE table_cart_lines SET quantity = ? WHERE session_id = ? AND id = ?', [Math.min(LIMITS.quantityMax, same.quantity + input.quantity), s.id, same.id]);
          await tx.run('INSERT INTO table_line_ids (session_id, line_id, target_id, body_hash) VALUES (?, ?, ?, ?)', [s.id, lineId, same.id, bodyHash]);
          return { changed: true, value: undefined };
        }
        const count = (await tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM table_cart_lines WHERE session_id = ?', [s.id]))!.n;
        if (Number(count) >= LIMITS.linesPerOrder) throw problem('validation', 422, TABLE_MESSAGES.tooManyLines, { errors: { lineId: [TABLE_MESSAGES.tooManyLines] } });
        const name = entry.products.get(input.productId)?.product.name ?? input.productId;
        // The cart is listed by `added_at, id`; ids are random, so two lines added in the same
        // millisecond would be listed in a random order. Each new line is stamped strictly after
        // the session's latest one: the listing is the order in which lines were added.
        const last = (await tx.get<{ latest: string | null }>('SELECT MAX(added_at) AS latest FROM table_cart_lines WHERE session_id = ?', [s.id]))?.latest;
        const addedAt = last && Date.parse(last) >= at.getTime() ? new Date(Date.parse(last) + 1) : at;
        await tx.run('INSERT INTO table_cart_lines (session_id, id, participant_id, product_id, name, option_ids, note, quantity, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [s.id, lineId, caller.participantId, input.productId, name, JSON.stringify(input.optionIds), note, input.quantity, addedAt.toISOString()]);
        await tx.run('INSERT INTO table_line_ids (session_id, line_id, target_id, body_hash) VALUES (?, ?, ?, ?)', [s.id, lineId, lineId, bodyHash]);
        return { changed: true, value: undefined };
      });
      return session;
    },

    async deleteLine(caller, lineId) {
      const { session } = await mutate(caller.session.id, async (tx, s) => {
        const known = await tx.get<{ target_id: string }>('SELECT target_id FROM table_line_ids WHERE session_id = ? AND line_id = ?', [s.id, lineId]);
        const target = known?.target_id ?? lineId;
        const row = await tx.get<{ participant_id: string; product_id: string; name: string }>('SELECT participant_id, product_id, name FROM table_cart_lines WHERE session_id = ? AND id = ?', [s.id, target]);
        const removed = await tx.run('DELETE FROM table_cart_lines WHERE session_id = ? AND id = ?', [s.id, target]);
        // Someone else's line: its owner is told who removed it (the snapshot of this change says so).
        let removal: LineRemoval | undefined;
        if (removed > 0 && row && row.participant_id !== caller.participantId) {
          removal = {
            lineId: target,
            name: venues.get(s.venue_id)?.products.get(row.product_id)?.product.name ?? row.name,
            ownerId: row.participant_id,
            byId: caller.participantId,
            by: caller.name,
          };
        }
        return { changed: removed > 0, value: undefined, ...(removal ? { removal } : {}) };
      });
      return session;
    },

    async sendRound(caller, key, bodyText, expectedTotal) {
      const userId = TABLE_USER_PREFIX + caller.session.id;
      // A repeat of the key answers the first round, before anything else is looked at.
      const first = await orders.replay(userId, key, bodyText);
      if (first) return { order: first, replayed: true };
      const s = await sessionById(db, caller.session.id);
      if (!s || s.status !== 'open') throw closedProblem();
      if (isIdle(s, now())) {
        await mutate(s.id, async () => ({ changed: false, value: undefined }));
      }
      const { lineRows, participants } = await readParts(db, s);
      if (!lineRows.length) throw problem('validation', 422, TABLE_MESSAGES.emptyCart, { errors: { cart: [TABLE_MESSAGES.emptyCart] } });
      const names = new Map(participants.map((p) => [p.id, p.name]));
      const signature = signatureOf(lineRows);
      const input: OrderInput = {
        venueId: s.venue_id,
        mode: 'table',
        table: s.label,
        customer: { name: TABLE_STRINGS.table(s.label), phone: '' },
        tip: { percent: 0 },
        lines: lineRows.map((r) => ({ productId: r.product_id, optionIds: JSON.parse(r.option_ids) as string[], quantity: r.quantity, ...(r.note ? { note: r.note } : {}) })),
        expectedTotal,
      };
      return orders.create(userId, key, bodyText, () => input, {
        sessionId: s.id,
        lineAuthors: lineRows.map((r) => ({ by: names.get(r.participant_id) ?? '', participantId: r.participant_id })),
        before: async (tx) => {
          const locked = await sessionById(tx, s.id, true);
          if (!locked || locked.status !== 'open') throw closedProblem();
          if (await lineSignature(tx, s.id) !== signature) {
            const current = (await views(tx, locked)).session.cart;
            throw problem('priceChanged', 409, 'El carrito de la mesa cambió mientras se enviaba. Revisa el nuevo total y confirma el envío.', {
              changes: [], subtotal: current.subtotal, tip: 0, deliveryFee: 0, total: current.subtotal, expectedTotal,
            });
          }
        },
        after: async (tx) => {
          await tx.run(`DELETE FROM table_cart_lines WHERE session_id = ? AND id IN (${lineRows.map(() => '?').join(', ')})`, [s.id, ...lineRows.map((r) => r.id)]);
          await publish(tx, s, now());
        },
      });
    },

    async call(caller, kind) {
      if (caller.session.status !== 'open') throw closedProblem();
      await limiter.hit(`call:${caller.session.id}`, limits.callsPerSession, (wait) => `Has avisado al personal muchas veces seguidas. Podrás volver a llamar en ${wait}.`);
      const { value } = await mutate(caller.session.id, async (tx, s, at) => {
        const names = new Map([[caller.participantId, caller.name]]);
        const open = await tx.get<CallRow>(`SELECT ${CALL_COLUMNS} FROM table_calls WHERE session_id = ? AND kind = ? AND acknowledged_at IS NULL`, [s.id, kind]);
        if (open) {
          const who = open.participant_id ? await tx.get<{ name: string }>('SELECT name FROM table_participants WHERE id = ?', [open.participant_id]) : undefined;
          if (open.participant_id && who) names.set(open.participant_id, who.name);
          return { changed: false, value: { call: toCall(open, names), alreadyOpen: true } };
        }
        const row: CallRow = { id: randomUUID(), session_id: s.id, kind, at: at.toISOString(), acknowledged_at: null, participant_id: caller.participantId };
        await tx.run('INSERT INTO table_calls (id, session_id, kind, at, acknowledged_at, participant_id) VALUES (?, ?, ?, ?, NULL, ?)', [row.id, row.session_id, row.kind, row.at, row.participant_id]);
        return { changed: true, value: { call: toCall(row, names), alreadyOpen: false } };
      });
      return value;
    },

    async bill(caller) {
      const s = await sessionById(db, caller.session.id);
      if (!s || s.status !== 'open') throw closedProblem();
      const { participants, rounds } = await readParts(db, s);
      const served = rounds.filter((r) => r.status !== 'cancelled');
      const totals = new Map<string, number>(participants.map((p) => [p.id, 0]));
      for (const round of served) {
        for (const line of round.lines) {
          if (line.participantId && totals.has(line.participantId)) totals.set(line.participantId, totals.get(line.participantId)! + line.lineTotal);
        }
      }
      const venue = venues.get(s.venue_id)?.venue;
      return {
        currency: venue?.currency ?? served[0]?.currency ?? '',
        locale: venue?.locale ?? 'es',
        rounds: served,
        people: participants.map((p) => ({ participantId: p.id, name: p.name, total: totals.get(p.id) ?? 0 })),
        subtotal: served.reduce((sum, r) => sum + r.subtotal, 0),
        total: served.reduce((sum, r) => sum + r.total, 0),
      };
    },

    async listOpen(venueId) {
      const at = now();
      const rows = await db.all<SessionRow>("SELECT id, venue_id, label, status, version, opened_at, closed_at, active_at FROM table_sessions WHERE venue_id = ? AND status = 'open' ORDER BY opened_at, id", [venueId]);
      const out: StaffTableSession[] = [];
      for (const row of rows) {
        if (isIdle(row, at)) continue;
        const { staff } = await views(db, row);
        // A session shows on the board only once someone joined it (no ghost tables).
        if (staff.participants.length === 0) continue;
        const { status: _status, ...rest } = staff;
        out.push(rest);
      }
      return out;
    },

    async acknowledge(venueId, callId) {
      const row = await db.get<CallRow & { venue_id: string }>('SELECT c.id, c.session_id, c.kind, c.at, c.acknowledged_at, c.participant_id, s.venue_id FROM table_calls c JOIN table_sessions s ON s.id = c.session_id WHERE c.id = ?', [callId]);
      if (!row || row.venue_id !== venueId) throw problem('notFound', 404, 'Ese aviso no existe en este local.');
      if (row.acknowledged_at) return toCall(row);
      const result = await db.transaction(async (tx) => {
        const s = (await sessionById(tx, row.session_id, true))!;
        const at = now().toISOString();
        const changed = await tx.run('UPDATE table_calls SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL', [at, callId]);
        if (changed) await publish(tx, s, now());
        return (await tx.get<CallRow>(`SELECT ${CALL_COLUMNS} FROM table_calls WHERE id = ?`, [callId]))!;
      });
      events.committed(venueId);
      return toCall(result);
    },

    async close(venueId, label) {
      const closedAt = await db.transaction(async (tx) => {
        await tx.lock('tableJoin', `${venueId}\n${label}`);
        const s = await tx.get<SessionRow>(`SELECT id, venue_id, label, status, version, opened_at, closed_at, active_at FROM table_sessions WHERE venue_id = ? AND label = ? AND status = 'open'${db.forUpdate}`, [venueId, label]);
        if (!s) throw problem('notFound', 404, TABLE_MESSAGES.noOpenSession(label.slice(0, 40)));
        return closeIn(tx, s, now());
      });
      events.committed(venueId);
      return { table: label, closedAt };
    },

    async closeIfOpen(venueId, label) {
      const closed = await db.transaction(async (tx) => {
        await tx.lock('tableJoin', `${venueId}\n${label}`);
        const s = await tx.get<SessionRow>(`SELECT id, venue_id, label, status, version, opened_at, closed_at, active_at FROM table_sessions WHERE venue_id = ? AND label = ? AND status = 'open'${db.forUpdate}`, [venueId, label]);
        if (!s) return false;
        await closeIn(tx, s, now());
        return true;
      });
      if (closed) events.committed(venueId);
      return closed;
    },

  };
}
