/** Every SQL statement that reads the venue's audit log (entries are added by record.ts and never changed). */
import type { Queryable } from '../../platform/db/database.ts';

export interface AuditRow {
  id: number;
  at: number;
  actor_id: string;
  actor_name: string;
  action: string;
  subject: string;
  detail: string;
  reason: string | null;
}

/** The venue's entries from `from` (ms, included) to `to` (excluded), oldest first. */
export const auditBetween = (q: Queryable, venueId: string, from: number, to: number) =>
  q.all<AuditRow>(
    'SELECT id, at, actor_id, actor_name, action, subject, detail, reason FROM audit_log WHERE venue_id = ? AND at >= ? AND at < ? ORDER BY at, id',
    [venueId, from, to],
  );
