/** The one statement that writes the audit log (docs/rules.md#the-floor): an entry is only ever added. */
import type { Queryable } from '../../../platform/db/database.ts';

export interface AuditRow {
  venueId: string;
  at: number;
  actorId: string;
  actorName: string;
  action: string;
  subject: string;
  /** JSON text. */
  detail: string;
  reason: string | null;
}

export const insertAuditEntry = (q: Queryable, r: AuditRow) =>
  q.run(
    'INSERT INTO audit_log (venue_id, at, actor_id, actor_name, action, subject, detail, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    [r.venueId, r.at, r.actorId, r.actorName, r.action, r.subject, r.detail, r.reason],
  );
