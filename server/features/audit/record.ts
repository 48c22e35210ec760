/**
 * The venue's audit log (docs/rules.md#the-floor): who did what to a table, when and why. Entries are only
 * ever added, inside the transaction of the change they record, so a change and its entry commit together.
 * Nothing reads or edits them through this module; reading is the audit feature's.
 */
import type { Queryable } from '../../platform/db/database.ts';
import { insertAuditEntry } from './append/queries.ts';

/** Who did it: the staff member's user id and the name they go by. */
export interface AuditActor {
  readonly id: string;
  readonly name: string;
}

export interface AuditEntry {
  readonly venueId: string;
  readonly actor: AuditActor;
  /** What was done, a short English word: `move`, `merge`, `removeParticipant`, `void`, … */
  readonly action: string;
  /** What it was done to: the table's label (or another subject, e.g. an order's id). */
  readonly table: string;
  /** The details of the change, stored as JSON. */
  readonly detail?: Record<string, unknown>;
  /** The reason given by the person, when the action asks for one. */
  readonly reason?: string;
  /** When, in ms since the epoch (default: now). */
  readonly at?: number;
}

/** Adds one entry to `audit_log`; call it with the transaction of the change it records. */
export async function recordAudit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(tx, {
    venueId: entry.venueId,
    at: entry.at ?? Date.now(),
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    action: entry.action,
    subject: entry.table,
    detail: JSON.stringify(entry.detail ?? {}),
    reason: entry.reason ?? null,
  });
}
