/**
 * The table's shared cart (docs/rules.md#table-sessions): each participant adds and changes their own lines (ids
 * chosen by the client, so a repeated PUT changes nothing), anyone removes any line, and its owner is told who did.
 */
import type { CachedVenue } from '../venues/index.ts';
import { hashBody, priceLines } from '../orders/index.ts';
import { problem } from '../../platform/problem.ts';
import { LIMITS } from '../../../src/contract/limits.ts';
import { lineKey, lineNote } from '../../../src/contract/cart-line.ts';
import { TABLE_MESSAGES, type CartLineInput, type LineRemoval } from '../../../src/contract/table.ts';
import { closedProblem, type TableCaller, type TableContext, type TableSessionService } from './context.ts';
import { mutateCart, type CartPlan, type CartWriteLimits } from './changes.ts';
import {
  deleteCartLine,
  insertCartLine,
  insertLineId,
  setLineIdBody,
  setLineQuantity,
  updateCartLine,
  type LineRow,
} from './queries.ts';

/** Checks a cart line against the menu (exists, available, option groups): 422 otherwise. */
function checkLine(entry: CachedVenue, input: CartLineInput, at: Date): void {
  const errors: Record<string, string[]> = {};
  const { unavailable } = priceLines(entry, [input], at, (path, message) =>
    (errors[path.replace(/^lines\.0\.?/, '') || 'productId'] ??= []).push(message),
  );
  if (Object.keys(errors).length) throw problem('validation', 422, TABLE_MESSAGES.checkLine, { errors });
  if (unavailable.length) {
    throw problem('unavailable', 422, TABLE_MESSAGES.unavailable(unavailable.map((u) => u.name).join(', ')), {
      unavailable: unavailable.map((u) => ({ ...u, index: 0 })),
      errors: { productId: [TABLE_MESSAGES.lineUnavailable] },
    });
  }
}

/**
 * The cart's write limits, per participant and per session: `check` refuses with 429 (`Retry-After`) inside the
 * change's transaction, `record` counts the write there. The phone keeps the edit queued and sends it again after the wait.
 */
function writeLimits(ctx: TableContext): CartWriteLimits {
  const { limiter, limits } = ctx;
  const buckets = (caller: TableCaller) =>
    [
      [`cart:${caller.participantId}`, limits.cartWritesPerParticipant ?? null, TABLE_MESSAGES.cartTooFast],
      [`cart-table:${caller.session.id}`, limits.cartWritesPerSession ?? null, TABLE_MESSAGES.cartTooFastTable],
    ] as const;
  return {
    // Sent together (each is its bucket's lock, then its count).
    check: async (tx, caller, at) => {
      await Promise.all(
        buckets(caller).map(([bucket, limit, message]) => limiter.check(tx, bucket, limit, message, at.getTime())),
      );
    },
    record: (tx, caller, at) =>
      buckets(caller)
        .filter(([, limit]) => limit)
        .map(([bucket]) => limiter.record(tx, bucket, at.getTime())),
  };
}

export function cart(ctx: TableContext): Pick<TableSessionService, 'putLine' | 'deleteLine'> {
  const { venues } = ctx;
  const limits = writeLimits(ctx);
  return {
    async putLine(caller, lineId, input) {
      const guest = (caller.staff && input.guest) || null;
      const bodyHash = hashBody(
        JSON.stringify([input.productId, input.optionIds, input.note ?? '', input.quantity, ...(guest ? [guest] : [])]),
      );
      const entry = venues.get(caller.session.venue_id);
      if (!entry) throw closedProblem();
      const note = lineNote(input.note) ?? null;
      const key = lineKey(input.productId, input.optionIds, note);
      const optionIds = JSON.stringify(input.optionIds);
      return mutateCart(ctx, caller, lineId, limits, ({ s, rows: { lineRows }, known }, at): CartPlan => {
        const replace = (id: string, change: Partial<LineRow>) =>
          lineRows.map((row) => (row.id === id ? { ...row, ...change } : row));
        if (known) {
          const target = lineRows.find((row) => row.id === known.target_id);
          // Sent in a round or removed meanwhile: a late repeat changes nothing.
          if (!target) return { changed: false };
          if (target.participant_id !== caller.participantId)
            throw problem('forbidden', 403, TABLE_MESSAGES.notYourLine);
          if (known.body_hash === bodyHash) return { changed: false };
          if (target.product_id !== input.productId)
            throw problem('validation', 422, TABLE_MESSAGES.productFixed, {
              errors: { productId: [TABLE_MESSAGES.productFixedField] },
            });
          checkLine(entry, input, at);
          return {
            changed: true,
            write: (tx) => [
              updateCartLine(tx, s.id, target.id, { optionIds, note, quantity: input.quantity, guest }),
              setLineIdBody(tx, s.id, lineId, bodyHash),
            ],
            lineRows: replace(target.id, { option_ids: optionIds, note, quantity: input.quantity, guest }),
            change: { lineId: target.id },
          };
        }
        checkLine(entry, input, at);
        const same = lineRows.find(
          (row) =>
            row.participant_id === caller.participantId &&
            row.product_id === input.productId &&
            (row.guest ?? null) === guest &&
            lineKey(row.product_id, JSON.parse(row.option_ids) as string[], row.note) === key,
        );
        if (same) {
          // The same dish with the same options and note: one line with both quantities.
          const quantity = Math.min(LIMITS.quantityMax, same.quantity + input.quantity);
          return {
            changed: true,
            write: (tx) => [
              setLineQuantity(tx, s.id, same.id, quantity),
              insertLineId(tx, s.id, lineId, same.id, bodyHash),
            ],
            lineRows: replace(same.id, { quantity }),
            change: { lineId: same.id },
          };
        }
        if (lineRows.length >= LIMITS.linesPerOrder)
          throw problem('validation', 422, TABLE_MESSAGES.tooManyLines, {
            errors: { lineId: [TABLE_MESSAGES.tooManyLines] },
          });
        const name = entry.products.get(input.productId)?.product.name ?? input.productId;
        // The cart is listed by `added_at, id`; ids are random, so two lines added in the same
        // millisecond would be listed in a random order. Each new line is stamped strictly after
        // the session's latest one: the listing is the order in which lines were added.
        const last = lineRows.reduce<string | null>(
          (latest, row) => (latest === null || row.added_at > latest ? row.added_at : latest),
          null,
        );
        const addedAt = (last && Date.parse(last) >= at.getTime() ? new Date(Date.parse(last) + 1) : at).toISOString();
        const row: LineRow = {
          id: lineId,
          participant_id: caller.participantId,
          product_id: input.productId,
          name,
          option_ids: optionIds,
          note,
          quantity: input.quantity,
          added_at: addedAt,
          by_name: caller.staff?.byName ?? null,
          guest,
        };
        return {
          changed: true,
          write: (tx) => [
            insertCartLine(tx, s.id, {
              id: lineId,
              participantId: caller.participantId,
              productId: input.productId,
              name,
              optionIds,
              note,
              quantity: input.quantity,
              addedAt,
              byName: row.by_name,
              guest,
            }),
            insertLineId(tx, s.id, lineId, lineId, bodyHash),
          ],
          lineRows: [...lineRows, row],
          change: { lineId },
        };
      });
    },

    async deleteLine(caller, lineId) {
      return mutateCart(ctx, caller, lineId, limits, ({ s, rows: { lineRows }, known }): CartPlan => {
        const target = known?.target_id ?? lineId;
        const row = lineRows.find((line) => line.id === target);
        if (!row) return { changed: false };
        // Someone else's line: its owner is told who removed it (the snapshot of this change says so).
        const removal: LineRemoval | undefined =
          row.participant_id !== caller.participantId
            ? {
                lineId: target,
                name: venues.get(s.venue_id)?.products.get(row.product_id)?.product.name ?? row.name,
                ownerId: row.participant_id,
                byId: caller.participantId,
                by: caller.name,
              }
            : undefined;
        return {
          changed: true,
          write: (tx) => [deleteCartLine(tx, s.id, target)],
          lineRows: lineRows.filter((line) => line.id !== target),
          change: { removedLineId: target },
          ...(removal ? { removal } : {}),
        };
      });
    },
  };
}
