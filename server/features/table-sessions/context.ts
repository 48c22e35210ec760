/**
 * What the parts of the table-session service share (server/features/table-sessions/service.ts composes them):
 * the service's interface, its dependencies, and the few rules every part applies.
 */
import type { RateLimit, RateLimiter } from '../../platform/rate-limit.ts';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import type { VenueStore } from '../venues/index.ts';
import type { CreateResult, OrderService } from '../orders/index.ts';
import { problem } from '../../platform/problem.ts';
import {
  TABLE_MESSAGES,
  type CallKind,
  type CartLineInput,
  type JoinResult,
  type JoinWaiting,
  type StaffTableSession,
  type TableCall,
  type StaffRole,
  type TableSession,
} from '../../../src/contract/table.ts';
import type { SessionRow } from './queries.ts';
import type { AuditActor } from '../audit/index.ts';

/** A session without any activity for this long counts as closed. */
export const TABLE_IDLE_MS = 12 * 3600_000;

/** A phone joining a session with no activity for this long is asked whether it is the same group. */
export const TABLE_STALE_MS = 30 * 60_000;

/**
 * Who is calling: a participant of a session, authenticated by their credential; or a member of staff of the venue
 * (docs/rules.md#the-floor: `participantId` is `staff:{userId}`, `staff` says how their lines name them).
 */
export interface TableCaller {
  participantId: string;
  name: string;
  session: SessionRow;
  staff?: { byName: string };
}

export interface TableLimits {
  /** Joins of one table's open session from one address (a new session starts with none: closing or renewing resets it). */
  joinsPerTable: RateLimit | null;
  /** Good joins from one address, every table. */
  joinsPerAddress: RateLimit | null;
  /** Wrong tokens from one address (join and check): their own bucket, apart from good joins. */
  badTokensPerAddress?: RateLimit | null;
  /** People in one session (0: no cap). */
  maxPeople?: number;
  callsPerSession: RateLimit | null;
  cartWritesPerParticipant?: RateLimit | null;
  cartWritesPerSession?: RateLimit | null;
}

/** A member of staff acting on the floor: their user id, the name they go by, their role at the venue. */
export interface StaffActor {
  id: string;
  name: string;
  role: StaffRole;
}

/** What staff do to the floor (docs/rules.md#the-floor; floor/service.ts). */
export interface FloorService {
  /** The table's open session, or a new one opened by `actor` (`created`). */
  openTable(venueId: string, label: string, actor: StaffActor): Promise<{ session: TableSession; created: boolean }>;
  /** `actor` acting at the table's open session as one of its people (their lines name them); 404 without one. */
  staffCaller(venueId: string, label: string, actor: StaffActor): Promise<TableCaller>;
  /** The table's open session as its phones see it; 404 without one. */
  tableSession(venueId: string, label: string): Promise<TableSession>;
  removeParticipant(venueId: string, label: string, participantId: string, actor: StaffActor): Promise<TableSession>;
  /** The session of `label` now at the free table `to` (409 when `to` has an open session). */
  move(venueId: string, label: string, to: string, actor: StaffActor): Promise<TableSession>;
  /** The session of `label` merged into the open session of `into`: the merged one. */
  merge(venueId: string, label: string, into: string, actor: StaffActor): Promise<TableSession>;
}

export interface TableSessionService extends FloorService {
  /** Sessions open now on every instance (not closed, active in the last 12 h): the metrics' gauge. */
  openCount(): Promise<number>;
  /** True when the token opens this table of this venue now. */
  check(venueId: string, label: string, token: string): Promise<boolean>;
  /** `check` for a request from `address`: a wrong token counts in the address's bad-token bucket (429 once it is full). */
  checkLink(venueId: string, label: string, token: string, address: string): Promise<boolean>;
  /** `name` as cleaned by `JoinInput`, or `nameProblem`: why it was refused (answered once the token is checked). */
  /**
   * `group`: the answer to «¿Sois el mismo grupo?». Without it, an open session with people and no activity for
   * 30 minutes is refused (409 `tableSameGroup`); `new` joins nothing while the table has an open session with
   * people: staff are told a new group waits, and `JoinWaiting` is answered.
   */
  join(input: {
    venueId: string;
    label: string;
    token: string;
    name: string | undefined;
    nameProblem?: string | undefined;
    accountName: string | undefined;
    address: string;
    group?: 'same' | 'new' | undefined;
  }): Promise<JoinResult | JoinWaiting>;
  /** The participant of a credential (401 when missing or unknown). An idle session is closed here. */
  authenticate(credential: string | undefined): Promise<TableCaller>;
  /** The participant's view of the session (the empty closed shape once closed). */
  snapshot(session: SessionRow): Promise<TableSession>;
  /** The newest event id of the session's venue, then the snapshot: a cursor for its event stream. */
  streamStart(session: SessionRow): Promise<{ cursor: number; session: TableSession }>;
  /** `guest`: whom a waiter's line is for (staff callers only). */
  putLine(
    caller: TableCaller,
    lineId: string,
    input: CartLineInput & { guest?: string | undefined },
  ): Promise<TableSession>;
  deleteLine(caller: TableCaller, lineId: string): Promise<TableSession>;
  sendRound(
    caller: TableCaller,
    key: string,
    bodyText: string,
    expectedTotal: number,
    language?: string,
  ): Promise<CreateResult>;
  call(caller: TableCaller, kind: CallKind): Promise<{ call: TableCall; alreadyOpen: boolean }>;
  listOpen(venueId: string): Promise<StaffTableSession[]>;
  acknowledge(venueId: string, callId: string): Promise<TableCall>;
  /**
   * Ends the table's session. With something left to pay (the billing hook says how much) it needs
   * `confirmUnpaid` (else 409) and records the unpaid amount.
   */
  close(
    venueId: string,
    label: string,
    options?: { confirmUnpaid?: boolean | undefined; actor?: AuditActor | undefined },
  ): Promise<{ table: string; closedAt: string; unpaid?: number }>;
  /** Inside `tx`, with the session's row locked by the caller: bump its version and publish it (the bill changed whether it is paid). */
  publishIn(tx: Queryable, session: SessionRow): Promise<void>;
  /** Closes the table's open session if there is one (its code was renewed): true when one was closed. */
  closeIfOpen(venueId: string, label: string): Promise<boolean>;
  /** Closes every session paid in full more than `paidCloseMs` ago (any instance may run it; each closes once): how many it closed. */
  closePaid(): Promise<number>;
}

export interface TableSessionOptions {
  limits: TableLimits;
  /** The table a token opens (`tableForToken` of the tables feature, which owns the tokens). */
  tableForToken: (q: Queryable, venueId: string, token: string) => Promise<string | undefined>;
  /** The server's rate limiter (joins and calls). */
  limiter: RateLimiter;
  now?: () => Date;
  /** A table paid in full closes by itself this long after (`UMENU_PAID_TABLE_CLOSE_S`; default 600 s). */
  paidCloseMs?: number;
  /** The bill (server/features/billing gives it once made: server/main.ts): what a session still owes. */
  billing?: BillingHook;
}

/** What closing a table asks the billing feature. */
export interface BillingHook {
  current?: { balanceOf(tx: Queryable, session: SessionRow): Promise<{ balance: number; formatted: string }> };
}

/** The service's dependencies, given to each of its parts. */
export interface TableContext {
  db: Db;
  venues: VenueStore;
  orders: OrderService;
  events: EventBus;
  limits: TableLimits;
  limiter: RateLimiter;
  tableForToken: TableSessionOptions['tableForToken'];
  now: () => Date;
  /** A table paid in full closes by itself this long after. */
  paidCloseMs: number;
  billing: BillingHook;
}

export const closedProblem = () => problem('tableClosed', 409, TABLE_MESSAGES.sessionClosed);
export const credentialProblem = () => problem('tableCredentialInvalid', 401, TABLE_MESSAGES.credentialInvalid);

/**
 * An open session that counts as closed: nobody did anything for 12 h, or its bill was paid in full
 * (`paid_at`) more than `paidCloseMs` ago (`UMENU_PAID_TABLE_CLOSE_S`; docs/rules.md#table-sessions).
 */
export const isIdle = (s: SessionRow, at: Date, paidCloseMs = Infinity) =>
  s.status === 'open' &&
  (s.active_at < at.getTime() - TABLE_IDLE_MS ||
    (s.paid_at != null && Date.parse(s.paid_at) <= at.getTime() - paidCloseMs));
