/**
 * Every SQL statement of table sessions (docs/rules.md#table-sessions) but the calls' (calls/queries.ts) and the floor's
 * (floor/queries.ts): the services in this folder call these and write no SQL. Each function is one round trip
 * unless it says otherwise; the caller decides the transaction.
 */
import type { Param, Queryable } from '../../platform/db/database.ts';

export interface SessionRow {
  id: string;
  venue_id: string;
  label: string;
  status: 'open' | 'closed';
  version: number;
  opened_at: string;
  closed_at: string | null;
  active_at: number;
  /** When the bill's balance reached 0 (docs/rules.md#the-bill). */
  paid_at: string | null;
  /** What the table still owed when staff closed it. */
  unpaid: number | null;
  /** When a new party at the table answered «No, somos otro grupo» (the board shows it waits). */
  new_group_at?: string | null;
  /** The member of staff who opened it without a QR code (docs/rules.md#the-floor). */
  opened_by?: string | null;
}

export interface LineRow {
  id: string;
  participant_id: string;
  product_id: string;
  name: string;
  option_ids: string;
  note: string | null;
  quantity: number;
  added_at: string;
  /** A line a member of staff added: who, as shown («Luis · camarero»). */
  by_name?: string | null;
  /** Whom at the table a waiter's line is for. */
  guest?: string | null;
}

/** A person of a session; `removed_at` once staff removed them (their lines still name them). */
export interface PersonRow {
  id: string;
  name: string;
  joined_at: string;
  removed_at?: string | null;
}

const SESSION_COLUMNS =
  'id, venue_id, label, status, version, opened_at, closed_at, active_at, paid_at, unpaid, new_group_at, opened_by';
const LINE_COLUMNS = 'id, participant_id, product_id, name, option_ids, note, quantity, added_at, by_name, guest';

/** ` FOR UPDATE` on PostgreSQL (the row stays locked until the transaction ends); SQLite's write transactions are exclusive. */
const forUpdate = (q: Queryable, lock: boolean) => (lock && q.dialect === 'postgres' ? ' FOR UPDATE' : '');

// ── Sessions ─────────────────────────────────────────────────────────────────

export const sessionById = (q: Queryable, id: string, lock = false) =>
  q.get<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM table_sessions WHERE id = ?${forUpdate(q, lock)}`, [id]);

/** The table's open session, if any. */
export const openSessionOf = (q: Queryable, venueId: string, label: string, lock = false) =>
  q.get<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM table_sessions WHERE venue_id = ? AND label = ? AND status = 'open'${forUpdate(q, lock)}`,
    [venueId, label],
  );

export const openSessionsOfVenue = (q: Queryable, venueId: string) =>
  q.all<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM table_sessions WHERE venue_id = ? AND status = 'open' ORDER BY opened_at, id`,
    [venueId],
  );

export const insertSession = async (q: Queryable, id: string, venueId: string, label: string, at: Date) =>
  (await q.get<SessionRow>(
    `INSERT INTO table_sessions (id, venue_id, label, status, version, opened_at, active_at) VALUES (?, ?, ?, 'open', 0, ?, ?) RETURNING ${SESSION_COLUMNS}`,
    [id, venueId, label, at.toISOString(), at.getTime()],
  ))!;

/**
 * Opens the table's session unless one is open (the partial unique index `table_sessions_open` decides);
 * `openedBy`: the member of staff who opened it. Resolves to 1 when it opened one.
 */
export const openSessionIfNone = (
  q: Queryable,
  id: string,
  venueId: string,
  label: string,
  at: Date,
  openedBy: string | null = null,
) =>
  q.run(
    "INSERT INTO table_sessions (id, venue_id, label, status, version, opened_at, active_at, opened_by) VALUES (?, ?, ?, 'open', 0, ?, ?, ?) ON CONFLICT (venue_id, label) WHERE status = 'open' DO NOTHING",
    [id, venueId, label, at.toISOString(), at.getTime(), openedBy],
  );

/** A change: the next version, active now. */
export const bumpSession = async (q: Queryable, id: string, at: Date) =>
  (await q.get<SessionRow>(
    `UPDATE table_sessions SET version = version + 1, active_at = ? WHERE id = ? RETURNING ${SESSION_COLUMNS}`,
    [at.getTime(), id],
  ))!;

/** Closes a session (three statements): closed, its cart emptied, its open calls acknowledged. */
export async function closeSessionRows(q: Queryable, id: string, closedAt: string): Promise<void> {
  await q.run("UPDATE table_sessions SET status = 'closed', closed_at = ? WHERE id = ?", [closedAt, id]);
  await q.run('DELETE FROM table_cart_lines WHERE session_id = ?', [id]);
  await q.run('UPDATE table_calls SET acknowledged_at = ? WHERE session_id = ? AND acknowledged_at IS NULL', [
    closedAt,
    id,
  ]);
}

/** The bill's balance reached 0 (`paidAt`), or a new round made it owe again (null). */
export const setSessionPaid = (q: Queryable, id: string, paidAt: string | null) =>
  q.run('UPDATE table_sessions SET paid_at = ? WHERE id = ?', [paidAt, id]);

/** What a session still owed when it was closed. */
export const setSessionUnpaid = (q: Queryable, id: string, unpaid: number) =>
  q.run('UPDATE table_sessions SET unpaid = ? WHERE id = ?', [unpaid, id]);

/** Sessions of a venue closed between two instants (ISO) with something unpaid (the day's cash). */
export const closedUnpaidOf = (q: Queryable, venueId: string, from: string, to: string) =>
  q.all<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM table_sessions WHERE venue_id = ? AND status = 'closed' AND unpaid > 0 AND closed_at >= ? AND closed_at < ? ORDER BY closed_at, id`,
    [venueId, from, to],
  );

// ── Participants ─────────────────────────────────────────────────────────────

/** Everyone who joined the session, those staff removed too (`removed_at`). */
export const participantsOf = (q: Queryable, sessionId: string) =>
  q.all<PersonRow>(
    'SELECT id, name, joined_at, removed_at FROM table_participants WHERE session_id = ? ORDER BY joined_at, id',
    [sessionId],
  );

export const insertParticipant = (
  q: Queryable,
  p: { id: string; sessionId: string; name: string; credentialHash: string; joinedAt: string },
) =>
  q.run(
    'INSERT INTO table_participants (id, session_id, name, user_id, credential_hash, joined_at) VALUES (?, ?, ?, NULL, ?, ?)',
    [p.id, p.sessionId, p.name, p.credentialHash, p.joinedAt],
  );

export const participantName = (q: Queryable, id: string) =>
  q.get<{ name: string }>('SELECT name FROM table_participants WHERE id = ?', [id]);

/** A new party waits for the table (set once). */
export const markNewGroup = (q: Queryable, id: string, at: string) =>
  q.run('UPDATE table_sessions SET new_group_at = ? WHERE id = ? AND new_group_at IS NULL', [at, id]);

/** Open sessions paid in full at or before `paidBefore` (ISO time): the ones to close by themselves. */
export const paidSessionsBefore = (q: Queryable, paidBefore: string) =>
  q.all<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM table_sessions WHERE status = 'open' AND paid_at IS NOT NULL AND paid_at <= ? ORDER BY paid_at LIMIT 100`,
    [paidBefore],
  );

/** The participant of a credential's hash, with their session. */
export const participantByCredential = (q: Queryable, credentialHash: string) =>
  q.get<SessionRow & { participant_id: string; participant_name: string }>(
    'SELECT s.id, s.venue_id, s.label, s.status, s.version, s.opened_at, s.closed_at, s.active_at, s.paid_at, p.id AS participant_id, p.name AS participant_name FROM table_participants p JOIN table_sessions s ON s.id = p.session_id WHERE p.credential_hash = ? AND p.removed_at IS NULL',
    [credentialHash],
  );

// ── The shared cart ──────────────────────────────────────────────────────────

/** The cart in the order it was filled. */
export const cartLinesOf = (q: Queryable, sessionId: string) =>
  q.all<LineRow>(`SELECT ${LINE_COLUMNS} FROM table_cart_lines WHERE session_id = ? ORDER BY added_at, id`, [
    sessionId,
  ]);

/** The cart in no particular order (a round's signature sorts it in code: never by SQL, whose collation varies). */
export const cartLinesUnordered = (q: Queryable, sessionId: string) =>
  q.all<LineRow>(`SELECT ${LINE_COLUMNS} FROM table_cart_lines WHERE session_id = ?`, [sessionId]);

export const insertCartLine = (
  q: Queryable,
  sessionId: string,
  l: {
    id: string;
    participantId: string;
    productId: string;
    name: string;
    optionIds: string;
    note: string | null;
    quantity: number;
    addedAt: string;
    byName?: string | null | undefined;
    guest?: string | null | undefined;
  },
) =>
  q.run(
    'INSERT INTO table_cart_lines (session_id, id, participant_id, product_id, name, option_ids, note, quantity, added_at, by_name, guest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      sessionId,
      l.id,
      l.participantId,
      l.productId,
      l.name,
      l.optionIds,
      l.note,
      l.quantity,
      l.addedAt,
      l.byName ?? null,
      l.guest ?? null,
    ],
  );

export const updateCartLine = (
  q: Queryable,
  sessionId: string,
  id: string,
  l: { optionIds: string; note: string | null; quantity: number; guest: string | null },
) =>
  q.run(
    'UPDATE table_cart_lines SET option_ids = ?, note = ?, quantity = ?, guest = ? WHERE session_id = ? AND id = ?',
    [l.optionIds, l.note, l.quantity, l.guest, sessionId, id],
  );

export const setLineQuantity = (q: Queryable, sessionId: string, id: string, quantity: number) =>
  q.run('UPDATE table_cart_lines SET quantity = ? WHERE session_id = ? AND id = ?', [quantity, sessionId, id]);

/** Resolves to the number of lines removed (0 or 1). */
export const deleteCartLine = (q: Queryable, sessionId: string, id: string) =>
  q.run('DELETE FROM table_cart_lines WHERE session_id = ? AND id = ?', [sessionId, id]);

/** The lines a round sent (one statement). */
export const deleteCartLines = (q: Queryable, sessionId: string, ids: readonly string[]) =>
  q.run(`DELETE FROM table_cart_lines WHERE session_id = ? AND id IN (${ids.map(() => '?').join(', ')})`, [
    sessionId,
    ...ids,
  ] as Param[]);

/** A client's line id: the line it created or merged into (`target_id`) and the body it last sent. */
export const lineIdOf = (q: Queryable, sessionId: string, lineId: string) =>
  q.get<{ target_id: string; body_hash: string }>(
    'SELECT target_id, body_hash FROM table_line_ids WHERE session_id = ? AND line_id = ?',
    [sessionId, lineId],
  );

export const insertLineId = (q: Queryable, sessionId: string, lineId: string, targetId: string, bodyHash: string) =>
  q.run('INSERT INTO table_line_ids (session_id, line_id, target_id, body_hash) VALUES (?, ?, ?, ?)', [
    sessionId,
    lineId,
    targetId,
    bodyHash,
  ]);

export const setLineIdBody = (q: Queryable, sessionId: string, lineId: string, bodyHash: string) =>
  q.run('UPDATE table_line_ids SET body_hash = ? WHERE session_id = ? AND line_id = ?', [bodyHash, sessionId, lineId]);

// ── Rounds ───────────────────────────────────────────────────────────────────

/** The session's rounds (orders of the user `table:{sessionId}`), oldest first. */
export const roundDocsOf = (q: Queryable, tableUserId: string) =>
  q.all<{ doc: string }>('SELECT doc FROM orders WHERE user_id = ? ORDER BY created_at, id', [tableUserId]);

export const countOpenSessions = async (q: Queryable, activeSince: number) =>
  Number(
    (
      await q.get<{ n: number }>("SELECT COUNT(*) AS n FROM table_sessions WHERE status = 'open' AND active_at > ?", [
        activeSince,
      ])
    )?.n ?? 0,
  );

// ── Stored events of a session ───────────────────────────────────────────────

/** A closed session's stored events, but its rounds' (`order`), which their orders keep. */
export const deleteSessionEvents = (q: Queryable, sessionId: string) =>
  q.run("DELETE FROM events WHERE session_id = ? AND type <> 'order'", [sessionId]);
