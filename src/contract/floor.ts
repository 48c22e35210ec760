/**
 * The floor (docs/rules.md#the-floor): what staff of a venue do to its tables' sessions besides reading and charging
 * them — open a table without a QR code, put lines into its cart and send its rounds, move it, merge two tables,
 * remove a person. Bodies and answers of `/api/venues/{id}/tables/{label}/…` for staff, and the events a table's
 * phones receive. The sentences are in `TABLE_MESSAGES` and `TABLE_STRINGS` (src/contract/table.ts).
 */
import * as z from 'zod/mini';
import { LIMITS } from './limits.ts';
import { OrderLineInput } from './order.ts';
import { cleanLine, needsLetterOrDigit } from './text.ts';
import { TABLE_MESSAGES, TableSession } from './table.ts';

/** A table's zone on the floor («Terraza», «Sala»): cleaned, 1 to 40 characters. */
export const ZONE_MAX = 40;
export const TableZone = z
  .string()
  .check(
    needsLetterOrDigit(),
    cleanLine(),
    z.minLength(1, 'La zona necesita un nombre'),
    z.maxLength(ZONE_MAX, `Máximo ${ZONE_MAX} caracteres`),
  );

/** Body of `PUT /venues/{id}/tables/{label}` (manager): the table's zone, `null` for none. */
export const TableSettingsInput = z.strictObject({ zone: z.nullable(TableZone) });

/** Whom at the table a waiter's line is for («Comensal 2», or a participant's name). */
export const GuestLabel = z
  .string()
  .check(
    needsLetterOrDigit(TABLE_MESSAGES.guestInvalid),
    cleanLine(),
    z.minLength(LIMITS.participantNameMin, TABLE_MESSAGES.guestInvalid),
    z.maxLength(LIMITS.participantNameMax, TABLE_MESSAGES.guestInvalid),
  );

/** Body of `PUT /venues/{id}/tables/{label}/cart/lines/{lineId}` (staff): a diner's line, and whom it is for. */
export const WaiterLineInput = z.extend(OrderLineInput, { guest: z.optional(GuestLabel) });

/**
 * Body of `POST /venues/{id}/tables/{label}/rounds` (staff; optional): the total the waiter was shown, compared as a
 * diner's is (409 with the new total when prices changed). Without it the cart's current total is sent.
 */
export const WaiterRoundInput = z.strictObject({
  expectedTotal: z.optional(z.int().check(z.minimum(0))),
});

/** Body of `POST /venues/{id}/tables/{label}/move`: the free table the session goes to. */
export const MoveTableInput = z.strictObject({ to: z.string().check(z.minLength(1), z.maxLength(40)) });

/** Body of `POST /venues/{id}/tables/{label}/merge`: the occupied table this one joins. */
export const MergeTableInput = z.strictObject({ into: z.string().check(z.minLength(1), z.maxLength(40)) });

/** Answer of open, move and merge: the table's session as its phones see it. */
export const FloorSession = z.object({ session: TableSession });

/**
 * `event: table-moved` on a table's phones: staff moved its session to another table (`kind: move`, same session),
 * or merged it into another table's session (`kind: merge`: `sessionId` is the session the phones now belong to;
 * their stream ends after this event and the credential opens the new one). Shows `TABLE_STRINGS.movedTo(table)`.
 */
export const TableMoved = z.object({
  kind: z.enum(['move', 'merge']),
  /** The session the stream belonged to. */
  fromSessionId: z.string(),
  /** The session the phones belong to now (the same one for a move). */
  sessionId: z.string(),
  /** The table they are at now. */
  table: z.string(),
  /** The table they were at. */
  from: z.string(),
});

/**
 * `event: participant-removed` on a table's phones: staff removed `participantId` from the table. That phone shows
 * `TABLE_STRINGS.removedByStaff` and leaves the table; its credential no longer opens anything (401).
 */
export const ParticipantRemoved = z.object({ sessionId: z.string(), participantId: z.string() });

export type TableSettingsInput = z.infer<typeof TableSettingsInput>;
export type WaiterLineInput = z.infer<typeof WaiterLineInput>;
export type WaiterRoundInput = z.infer<typeof WaiterRoundInput>;
export type MoveTableInput = z.infer<typeof MoveTableInput>;
export type MergeTableInput = z.infer<typeof MergeTableInput>;
export type FloorSession = z.infer<typeof FloorSession>;
export type TableMoved = z.infer<typeof TableMoved>;
export type ParticipantRemoved = z.infer<typeof ParticipantRemoved>;
