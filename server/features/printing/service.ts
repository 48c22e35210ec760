/**
 * Printing kitchen tickets (server/README.md, "Printing"): print agents and their tokens, a
 * venue's printers, and the print jobs an agent long-polls for and acknowledges. Jobs are
 * written in the transaction that makes their tickets (`TicketPrinting`); an agent waiting for
 * jobs wakes on the venue's events (every instance's, through the event bus).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { TicketPrinting } from '../kitchen/index.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { Ticket } from '../../../src/contract/kitchen.ts';
import type { Receipt } from '../../../src/contract/bill.ts';
import type { PreBill } from '../../../src/contract/corrections.ts';
import {
  PRINT_AGENT_TOKEN_PREFIX,
  PRINTER_OFFLINE_AFTER_MS,
  PRINTING_MESSAGES,
  printerErrorWords,
  printerScope,
  type PrintAgent,
  type Printer,
  type PrinterInput,
  type PrintJob,
} from '../../../src/contract/printing.ts';
import { problem } from '../../platform/problem.ts';
import * as sql from './queries.ts';

export interface PrintingService extends TicketPrinting {
  createAgent(
    venueId: string,
    createdBy: string,
  ): Promise<{ id: string; token: string; scope: string; createdAt: string }>;
  listAgents(venueId: string): Promise<PrintAgent[]>;
  revokeAgent(venueId: string, agentId: string): Promise<void>;
  /** The venue an agent's token may print for; 401 when unknown or revoked. */
  agentVenue(token: string): Promise<string>;
  printers(venueId: string): Promise<Printer[]>;
  setPrinters(venueId: string, printers: readonly PrinterInput[]): Promise<Printer[]>;
  printerStatus(venueId: string, printerId: string, ok: boolean, error: string | undefined): Promise<void>;
  /** Pending jobs after `afterSeq`; when none, waits up to `waitMs` for some (or `signal`). */
  jobs(venueId: string, afterSeq: number, waitMs: number, signal?: AbortSignal): Promise<PrintJob[]>;
  ack(venueId: string, jobId: string): Promise<void>;
  /**
   * A document to print on the printers of `station`, in the transaction `tx` of the change that makes it
   * (docs/rules.md#the-floor): a voided line's «ANULADO» ticket (`void`, a ticket of the voided lines) or a pre-bill
   * (`prebill`). Resolves to its jobs (none: the station has no printer). The agent's long-poll wakes on `event: print`.
   */
  printDoc(
    tx: Queryable,
    venueId: string,
    kind: 'void' | 'prebill',
    station: string,
    doc: unknown,
  ): Promise<Array<{ id: string; printerId: string }>>;
  /** A payment made receipt `receiptId`: its print job, in the payment's transaction `tx` (docs/rules.md#the-bill). */
  receiptIssued(tx: Queryable, venueId: string, receiptId: string): Promise<unknown>;
  reprint(
    venueId: string,
    ticketId: string,
  ): Promise<Array<{ id: string; printerId: string; ticketId: string; duplicate: boolean }>>;
  /** Ends every waiting long-poll (graceful shutdown). */
  close(): void;
}

const MAX_JOBS = 100;
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const iso = (ms: number | null) => (ms === null ? undefined : new Date(Number(ms)).toISOString());

/** An agent long-polls at least every 30 s: one not seen for this long is gone, and so are its printers. */
const AGENT_GONE_AFTER_MS = 60_000;

/** `agentSeen`: when the venue's agents last asked for jobs (null: never, nothing known yet). */
export function toPrinter(row: sql.PrinterRow, now: number, agentSeen: number | null = null): Printer {
  const agentGone = agentSeen !== null && now - agentSeen >= AGENT_GONE_AFTER_MS;
  const online =
    !agentGone && (row.failing_since === null || now - Number(row.failing_since) < PRINTER_OFFLINE_AFTER_MS);
  const lastSeen = iso(row.last_ok_at);
  return {
    id: row.id,
    name: row.name,
    station: row.station,
    host: row.host,
    port: Number(row.port),
    width: Number(row.width),
    online,
    ...(lastSeen ? { lastSeen } : {}),
    ...(row.last_error ? { error: row.last_error } : {}),
    ...(online ? {} : { alert: PRINTING_MESSAGES.offline(row.name) }),
  };
}

export function createPrintingService(
  db: Db,
  events: EventBus | undefined,
  stationName: (venueId: string, station: string) => string,
  now: () => number = Date.now,
): PrintingService {
  const waiters = new Set<() => void>();

  function toJob(row: sql.JobRow, venueId: string): PrintJob {
    const printed =
      row.print_kind === 'prebill'
        ? { prebill: JSON.parse(row.print_doc!) as PreBill }
        : row.print_kind === 'void'
          ? { ticket: JSON.parse(row.print_doc!) as Ticket, voided: true }
          : row.doc === null && row.receipt_doc !== null
            ? { receipt: JSON.parse(row.receipt_doc) as Receipt }
            : {
                ticket: {
                  ...(JSON.parse(row.doc ?? '{}') as Omit<Ticket, 'status'>),
                  ...(row.fired_at ? { firedAt: row.fired_at } : {}),
                  status: row.status,
                } as Ticket,
              };
    return {
      id: row.id,
      seq: Number(row.seq),
      duplicate: Boolean(Number(row.duplicate)),
      createdAt: new Date(Number(row.created_at)).toISOString(),
      printer: { id: row.printer_id, name: row.name, host: row.host, port: Number(row.port), width: Number(row.width) },
      stationName: stationName(venueId, row.station),
      ...printed,
    };
  }
  const pending = async (venueId: string, afterSeq: number) =>
    (await sql.pendingJobs(db, venueId, afterSeq, MAX_JOBS)).map((r) => toJob(r, venueId));

  return {
    released(tx, venueId, tickets) {
      return sql.insertJobsForTickets(tx, venueId, tickets, now());
    },
    async printDoc(tx, venueId, kind, station, doc) {
      const id = `${sql.DOC_JOB_PREFIX}${kind}:${randomUUID()}`;
      const [jobs] = await Promise.all([
        sql.insertDocWithJobs(tx, { id, venueId, kind, station, doc: JSON.stringify(doc), at: now() }),
        events?.append(tx, { venueId, type: 'print', data: JSON.stringify({ docId: id }) }),
      ]);
      return jobs.map((j) => ({ id: j.id, printerId: j.printer_id }));
    },
    receiptIssued(tx, venueId, receiptId) {
      return sql.insertReceiptJob(tx, venueId, receiptId, now());
    },
    async createAgent(venueId, createdBy) {
      const id = randomUUID();
      const token = `${PRINT_AGENT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const at = now();
      await sql.insertAgent(db, { id, venueId, tokenHash: hashToken(token), createdBy, createdAt: at });
      return { id, token, scope: printerScope(venueId), createdAt: new Date(at).toISOString() };
    },
    async listAgents(venueId) {
      return (await sql.agentsOf(db, venueId)).map((r) => ({
        id: r.id,
        createdAt: iso(r.created_at)!,
        ...(r.last_seen !== null ? { lastSeen: iso(r.last_seen)! } : {}),
      }));
    },
    async revokeAgent(venueId, agentId) {
      if (agentId.length > 100 || !(await sql.revokeAgent(db, venueId, agentId, now())))
        throw problem('notFound', 404, PRINTING_MESSAGES.agentNotFound);
    },
    async agentVenue(token) {
      const row =
        token.startsWith(PRINT_AGENT_TOKEN_PREFIX) && token.length < 200
          ? await sql.agentByTokenHash(db, hashToken(token), now())
          : undefined;
      if (!row) throw problem('unauthorized', 401, PRINTING_MESSAGES.badAgentToken);
      return row.venue_id;
    },
    async printers(venueId) {
      const at = now();
      const [rows, agents] = await Promise.all([sql.printersOf(db, venueId), sql.agentsLastSeen(db, venueId)]);
      const seen = agents?.seen === null || agents?.seen === undefined ? null : Number(agents.seen);
      return rows.map((r) => toPrinter(r, at, seen));
    },
    async setPrinters(venueId, printers) {
      await db.transaction(async (tx) => {
        await Promise.all([
          sql.upsertPrinters(tx, venueId, printers),
          sql.deletePrintersExcept(
            tx,
            venueId,
            printers.map((p) => p.id),
          ),
          tx.commit(),
        ]);
      });
      return this.printers(venueId);
    },
    async printerStatus(venueId, printerId, ok, error) {
      // Only words reach the people who read it (never an address, a port or a system message).
      if (
        !(await sql.setPrinterStatus(db, venueId, printerId, ok, ok ? null : printerErrorWords(error ?? ''), now()))
      ) {
        throw problem('notFound', 404, PRINTING_MESSAGES.printerNotFound);
      }
    },
    async jobs(venueId, afterSeq, waitMs, signal) {
      const first = await pending(venueId, afterSeq);
      if (first.length || waitMs <= 0 || !events || signal?.aborted) return first;
      return new Promise<PrintJob[]>((resolve, reject) => {
        let finished = false;
        let unsubscribe: (() => void) | undefined;
        let checking = false,
          again = false;
        const finish = (jobs: PrintJob[], error?: unknown) => {
          if (finished) return;
          finished = true;
          clearTimeout(timer);
          waiters.delete(stop);
          signal?.removeEventListener('abort', stop);
          unsubscribe?.();
          if (error) reject(error instanceof Error ? error : new Error('print jobs: the wait failed'));
          else resolve(jobs);
        };
        const stop = () => finish([]);
        // Any event of the venue may be a new ticket or a reprint: read again (one read at a time).
        const check = () => {
          if (finished) return;
          if (checking) {
            again = true;
            return;
          }
          checking = true;
          pending(venueId, afterSeq).then(
            (jobs) => {
              checking = false;
              if (jobs.length) finish(jobs);
              else if (again) {
                again = false;
                check();
              }
            },
            (error: unknown) => finish([], error),
          );
        };
        const timer = setTimeout(stop, waitMs);
        waiters.add(stop);
        signal?.addEventListener('abort', stop);
        events
          .subscribe(venueId, (event) => {
            if (event.type === 'ticket' || event.type === 'print') check();
          })
          .then(
            (off) => {
              if (finished) off();
              else {
                unsubscribe = off;
                // Jobs committed before the subscription started.
                check();
              }
            },
            (error: unknown) => finish([], error),
          );
      });
    },
    async ack(venueId, jobId) {
      if (jobId.length > 200 || !(await sql.ackJob(db, venueId, jobId, now())))
        throw problem('notFound', 404, PRINTING_MESSAGES.jobNotFound);
    },
    async reprint(venueId, ticketId) {
      if (ticketId.length > 100) throw problem('notFound', 404, PRINTING_MESSAGES.ticketNotFound);
      const created = await db.transaction(async (tx) => {
        const [ticket, rows] = await Promise.all([
          sql.ticketStation(tx, venueId, ticketId),
          sql.insertReprintJobs(tx, venueId, ticketId, randomUUID(), now()),
        ]);
        if (!ticket) throw problem('notFound', 404, PRINTING_MESSAGES.ticketNotFound);
        if (!rows.length)
          throw problem('unavailable', 409, PRINTING_MESSAGES.noPrinter(stationName(venueId, ticket.station)));
        await Promise.all([
          events?.append(tx, {
            venueId,
            type: 'print',
            data: JSON.stringify({ ticketId, jobs: rows.map((r) => r.id) }),
          }),
          tx.commit(),
        ]);
        return rows;
      });
      events?.committed(venueId);
      return created.map((r) => ({ id: r.id, printerId: r.printer_id, ticketId: r.ticket_id, duplicate: true }));
    },
    close() {
      for (const stop of [...waiters]) stop();
    },
  };
}
