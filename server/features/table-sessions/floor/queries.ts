/**
 * The SQL of what staff do to the floor (docs/rules.md#the-floor): removing a person, moving a session to another
 * table, merging one session into another. Merging moves every row of a session that names it (people, cart, line
 * ids, calls, rounds and their idempotency keys, kitchen tickets, the bill's requests, claims and payments).
 */
import type { Queryable } from '../../../platform/db/database.ts';

/** Marks a person of the session removed; resolves to 1 when they were there. */
export const removeParticipantRow = (q: Queryable, sessionId: string, participantId: string, at: string) =>
  q.run('UPDATE table_participants SET removed_at = ? WHERE id = ? AND session_id = ? AND removed_at IS NULL', [
    at,
    participantId,
    sessionId,
  ]);

export const setSessionLabel = (q: Queryable, id: string, label: string) =>
  q.run('UPDATE table_sessions SET label = ? WHERE id = ?', [label, id]);

/** The rounds of a session (orders of the user `table:{sessionId}`), for a change of their table. */
export const roundRowsOf = (q: Queryable, tableUserId: string) =>
  q.all<{ id: string; doc: string }>('SELECT id, doc FROM orders WHERE user_id = ?', [tableUserId]);

export const setOrderDoc = (q: Queryable, id: string, doc: string) =>
  q.run('UPDATE orders SET doc = ? WHERE id = ?', [doc, id]);

/** A session's kitchen tickets, for a change of their table. */
export const ticketRowsOf = (q: Queryable, sessionId: string) =>
  q.all<{ id: string; doc: string; status: string; held: number; cancelled: number; fired_at: string | null }>(
    'SELECT id, doc, status, held, cancelled, fired_at FROM tickets WHERE session_id = ?',
    [sessionId],
  );

export const setTicketDoc = (q: Queryable, id: string, doc: string) =>
  q.run('UPDATE tickets SET doc = ? WHERE id = ?', [doc, id]);

/** Ends the merged session (its rows now belong to the other one): closed, with nothing left in it. */
export const closeMerged = (q: Queryable, id: string, at: string) =>
  q.run("UPDATE table_sessions SET status = 'closed', closed_at = ? WHERE id = ?", [at, id]);

/**
 * Moves every row of session `from` to session `into` (one statement per table, sent together). An open call of a
 * kind `into` already has is acknowledged first (one open call per kind and session).
 */
export async function moveSessionRows(
  q: Queryable,
  from: string,
  into: string,
  tableUserPrefix: string,
  at: string,
): Promise<void> {
  await q.run(
    'UPDATE table_calls SET acknowledged_at = ? WHERE session_id = ? AND acknowledged_at IS NULL AND kind IN (SELECT kind FROM table_calls WHERE session_id = ? AND acknowledged_at IS NULL)',
    [at, from, into],
  );
  const sessionTables = [
    'table_participants',
    'table_cart_lines',
    'table_line_ids',
    'table_calls',
    'tickets',
    'bill_requests',
    'bill_claims',
    'bill_payments',
  ];
  await Promise.all([
    ...sessionTables.map((table) => q.run(`UPDATE ${table} SET session_id = ? WHERE session_id = ?`, [into, from])),
    q.run('UPDATE orders SET user_id = ? WHERE user_id = ?', [tableUserPrefix + into, tableUserPrefix + from]),
    q.run('UPDATE idempotency_keys SET user_id = ? WHERE user_id = ?', [
      tableUserPrefix + into,
      tableUserPrefix + from,
    ]),
  ]);
}
