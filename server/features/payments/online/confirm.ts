/**
 * The provider's confirmation (docs/rules.md#paying-from-the-phone): found by its untrusted reference, verified
 * with the venue's secret (a bad signature records nothing), checked against the pending payment (another amount
 * or currency is refused), then — authorised — ONE transaction records the bill's payment with the same id, its
 * receipt and VERI*FACTU record, and marks the online payment paid. Exactly once: the row of the table is locked
 * first and the status moves from what was read only once (`moveStatus`), and the payment's primary key refuses a
 * second insert, so a repeat (or a second instance at the same moment) answers as the first and changes nothing.
 */
import { isUniqueViolation } from '../../../platform/db/database.ts';
import { problem } from '../../../platform/problem.ts';
import { sessionById } from '../../table-sessions/index.ts';
import { ONLINE_PAYMENT_MESSAGES } from '../../../../src/contract/online-payments.ts';
import type { ClaimInput, OnlinePaid } from '../../billing/index.ts';
import type { Confirmation, ProviderConfig, ProviderId } from '../providers/index.ts';
import type { PaymentsContext } from './context.ts';
import * as sql from './queries.ts';
import { cancelUnpaid, completeOrderIn } from './orders.ts';

/** What a notification route answers: 200 (recorded, refused for good, or a repeat) or a problem. */
export type ConfirmOutcome = 'paid' | 'repeat' | 'failed' | 'refused';

/** Thrown inside the confirmation's transaction when the bill changed meanwhile: rolls it back. */
class Refused extends Error {}

export function createConfirm(ctx: PaymentsContext) {
  const { db, events, billing, options } = ctx;

  /** Not authorised: failed, and what it held is free again. */
  async function fail(row: sql.OnlineRow): Promise<ConfirmOutcome> {
    const moved = await db.transaction(async (tx) => {
      if (row.session_id) await sessionById(tx, row.session_id, true);
      if (!(await sql.moveStatus(tx, row.id, 'pending', 'failed'))) return false;
      if (row.session_id) await billing.releaseOnlineIn(tx, row.session_id, row.id);
      return true;
    });
    if (moved) {
      events.committed(row.venue_id);
      await cancelUnpaid(ctx, row);
    }
    return moved ? 'failed' : 'repeat';
  }

  /** Authorised: the payment, its receipt and record, in one transaction. */
  async function record(row: sql.OnlineRow, confirmation: Confirmation): Promise<ConfirmOutcome> {
    const claim = JSON.parse(row.claim) as ClaimInput & { heldShares?: OnlinePaid['shares'] };
    const order = row.order_id ? (await ctx.orders?.get(row.order_id))?.order : undefined;
    try {
      const result = await db.transaction(async (tx) => {
        // The table's row first, as every change of the bill takes it (no deadlock with a diner's request).
        if (row.session_id) await sessionById(tx, row.session_id, true);
        const now = await sql.onlineById(tx, row.id);
        if (!now || now.status === 'paid') return undefined;
        if (!(await sql.moveStatus(tx, row.id, now.status, 'paid', confirmation.providerRef))) return undefined;
        const method = confirmation.method ?? row.method;
        if (row.order_id) {
          if (!order) throw new Refused('the order is gone');
          const paid = await completeOrderIn(ctx, tx, order, now, method, confirmation.providerRef);
          if ('refused' in paid) throw new Refused(paid.refused);
          await sql.setReceipt(tx, row.id, paid.receipt.id);
          return paid;
        }
        const done = await billing.recordOnlineIn(tx, {
          id: row.id,
          venueId: row.venue_id,
          sessionId: row.session_id!,
          participantId: row.participant_id ?? '',
          by: row.by_name,
          amount: row.amount,
          tip: row.tip,
          method,
          provider: row.provider,
          providerRef: confirmation.providerRef,
          claim,
          lineIds: claim.lineIds ?? [],
          shares: claim.heldShares ?? [],
          lapsed: now.status !== 'pending',
        });
        if ('refused' in done) throw new Refused(done.refused);
        await sql.setReceipt(tx, row.id, done.receipt.id);
        return done;
      });
      if (!result) return 'repeat';
      events.committed(row.venue_id);
      if (result.recordSeq !== undefined) options.recordWritten?.();
      return 'paid';
    } catch (error) {
      if (isUniqueViolation(error)) return 'repeat';
      if (!(error instanceof Refused)) throw error;
      // The money was taken but the bill has no room for it: nothing is recorded; staff refund it at the provider.
      console.warn(
        '[umenu] online payment confirmed after the bill changed: refused, refund it at the provider',
        row.provider,
        row.reference,
        confirmation.providerRef,
        error.message,
      );
      if (row.status === 'pending') await fail(row);
      return 'refused';
    }
  }

  /**
   * A provider's notification: `reference` read from it WITHOUT trusting it (to find the venue's secret), `verify`
   * checks it with that venue's configuration.
   */
  return async (
    provider: ProviderId,
    reference: string | null,
    verify: (config: ProviderConfig) => Confirmation | null,
  ): Promise<ConfirmOutcome> => {
    const row = reference ? await sql.onlineByReference(db, reference) : undefined;
    const config = row ? await options.loadConfig(row.venue_id) : null;
    const confirmation = row && config?.provider === provider ? verify(config) : null;
    if (!row || !confirmation || confirmation.reference !== row.reference) {
      console.warn('[umenu] payment notification refused: unknown payment or bad signature', provider, reference);
      throw problem('validation', 400, ONLINE_PAYMENT_MESSAGES.badNotification);
    }
    if (confirmation.amount !== row.amount + row.tip || confirmation.currency.toUpperCase() !== row.currency) {
      console.warn(
        '[umenu] payment notification refused: amount or currency differ from the payment',
        provider,
        row.reference,
        `${confirmation.amount} ${confirmation.currency}`,
        `${row.amount + row.tip} ${row.currency}`,
      );
      throw problem('validation', 422, ONLINE_PAYMENT_MESSAGES.amountMismatch);
    }
    if (row.status === 'paid') return 'repeat';
    if (!confirmation.authorized) return row.status === 'pending' ? fail(row) : 'repeat';
    return record(row, confirmation);
  };
}
