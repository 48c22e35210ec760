/** The SQL of a table's calls to staff (docs/rules.md#table-sessions): one open call of each kind per session. */
import type { Queryable } from '../../../platform/db/database.ts';
import type { CallKind } from '../../../../src/contract/table.ts';

export interface CallRow {
  id: string;
  session_id: string;
  kind: CallKind;
  at: string;
  acknowledged_at: string | null;
  participant_id: string | null;
}

const CALL_COLUMNS = 'id, session_id, kind, at, acknowledged_at, participant_id';

export const openCallsOf = (q: Queryable, sessionId: string) =>
  q.all<CallRow>(
    `SELECT ${CALL_COLUMNS} FROM table_calls WHERE session_id = ? AND acknowledged_at IS NULL ORDER BY at, id`,
    [sessionId],
  );

export const openCallOfKind = (q: Queryable, sessionId: string, kind: CallKind) =>
  q.get<CallRow>(
    `SELECT ${CALL_COLUMNS} FROM table_calls WHERE session_id = ? AND kind = ? AND acknowledged_at IS NULL`,
    [sessionId, kind],
  );

export const insertCall = (q: Queryable, row: CallRow) =>
  q.run(
    'INSERT INTO table_calls (id, session_id, kind, at, acknowledged_at, participant_id) VALUES (?, ?, ?, ?, NULL, ?)',
    [row.id, row.session_id, row.kind, row.at, row.participant_id],
  );

export const callById = (q: Queryable, id: string) =>
  q.get<CallRow>(`SELECT ${CALL_COLUMNS} FROM table_calls WHERE id = ?`, [id]);

/** A call with its session's venue. */
export const callWithVenue = (q: Queryable, id: string) =>
  q.get<CallRow & { venue_id: string }>(
    'SELECT c.id, c.session_id, c.kind, c.at, c.acknowledged_at, c.participant_id, s.venue_id FROM table_calls c JOIN table_sessions s ON s.id = c.session_id WHERE c.id = ?',
    [id],
  );

/** Resolves to 1 when the call was open, 0 when already acknowledged. */
export const acknowledgeCall = (q: Queryable, id: string, at: string) =>
  q.run('UPDATE table_calls SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL', [at, id]);
