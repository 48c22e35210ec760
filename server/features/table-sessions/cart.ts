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
import type { Queryable } from '../../platform/db/database.ts';
import { closedProblem, type TableCaller, type TableContext, type TableSessionService } from './context.ts';
import { mutate } from './changes.ts';
import {
  cartLine, cartLineCount, deleteCartLine, insertCartLine, insertLineId, latestLineAddedAt, lineIdOf,
  participantLinesOfProduct, setLineIdBody, setLineQuantity, updateCartLine,
} from './queries.ts';

/** Checks a cart line against the menu (exists, available, option groups): 422 otherwise. */
function checkLine(entry: CachedVenue, input: CartLineInput, at: Date): void {
  const errors: Record<string, string[]> = {};
  const { unavailable } = priceLines(entry, [input], at, (path, message) => (errors[path.replace(/^lines\.0\.?/, '') || 'productId'] ??= []).push(message));
  if (Object.keys(errors).length) throw problem('validation', 422, 'Revisa el plato y sus opciones.', { errors });
  if (unavailable.length) {
    throw problem('unavailable', 422, `Ya no está disponible: ${unavailable.map((u) => u.name).join(', ')}.`, {
      unavailable: unavailable.map((u) => ({ ...u, index: 0 })),
      errors: { productId: ['No disponible'] },
    });
  }
}

/**
 * Counts one cart write of `caller` inside the change's transaction, or refuses it with 429 (`Retry-After`):
 * per participant and per session. The phone keeps the edit queued and sends it again after the wait.
 */
async function countWrite(ctx: TableContext, tx: Queryable, caller: TableCaller, at: Date): Promise<void> {
  const { limiter, limits } = ctx;
  const buckets = [
    [`cart:${caller.participantId}`, limits.cartWritesPerParticipant ?? null, TABLE_MESSAGES.cartTooFast],
    [`cart-table:${caller.session.id}`, limits.cartWritesPerSession ?? null, TABLE_MESSAGES.cartTooFastTable],
  ] as const;
  for (const [bucket, limit, message] of buckets) await limiter.check(tx, bucket, limit, message, at.getTime());
  for (const [bucket, limit] of buckets) if (limit) await limiter.record(tx, bucket, at.getTime());
}

export function cart(ctx: TableContext): Pick<TableSessionService, 'putLine' | 'deleteLine'> {
  const { venues } = ctx;
  return {
    async putLine(caller, lineId, input) {
      const bodyHash = hashBody(JSON.stringify([input.productId, input.optionIds, input.note ?? '', input.quantity]));
      const entry = venues.get(caller.session.venue_id);
      if (!entry) throw closedProblem();
      const note = lineNote(input.note) ?? null;
      const key = lineKey(input.productId, input.optionIds, note);
      const optionIds = JSON.stringify(input.optionIds);
      const { session } = await mutate(ctx, caller.session.id, async (tx, s, at) => {
        await countWrite(ctx, tx, caller, at);
        const known = await lineIdOf(tx, s.id, lineId);
        if (known) {
          const target = await cartLine(tx, s.id, known.target_id);
          // Sent in a round or removed meanwhile: a late repeat changes nothing.
          if (!target) return { changed: false, value: undefined };
          if (target.participant_id !== caller.participantId) throw problem('forbidden', 403, TABLE_MESSAGES.notYourLine);
          if (known.body_hash === bodyHash) return { changed: false, value: undefined };
          if (target.product_id !== input.productId) throw problem('validation', 422, 'Para cambiar de plato, quita esta línea y añade otra.', { errors: { productId: ['No se puede cambiar el plato de una línea'] } });
          checkLine(entry, input, at);
          await updateCartLine(tx, s.id, target.id, { optionIds, note, quantity: input.quantity });
          await setLineIdBody(tx, s.id, lineId, bodyHash);
          return { changed: true, value: undefined, cart: { lineId: target.id } };
        }
        checkLine(entry, input, at);
        const mine = await participantLinesOfProduct(tx, s.id, caller.participantId, input.productId);
        const same = mine.find((row) => lineKey(row.product_id, JSON.parse(row.option_ids) as string[], row.note) === key);
        if (same) {
          // The same dish with the same options and note: one line with both quantities.
          await setLineQuantity(tx, s.id, same.id, Math.min(LIMITS.quantityMax, same.quantity + input.quantity));
          await insertLineId(tx, s.id, lineId, same.id, bodyHash);
          return { changed: true, value: undefined, cart: { lineId: same.id } };
        }
        if (await cartLineCount(tx, s.id) >= LIMITS.linesPerOrder) throw problem('validation', 422, TABLE_MESSAGES.tooManyLines, { errors: { lineId: [TABLE_MESSAGES.tooManyLines] } });
        const name = entry.products.get(input.productId)?.product.name ?? input.productId;
        // The cart is listed by `added_at, id`; ids are random, so two lines added in the same
        // millisecond would be listed in a random order. Each new line is stamped strictly after
        // the session's latest one: the listing is the order in which lines were added.
        const last = await latestLineAddedAt(tx, s.id);
        const addedAt = last && Date.parse(last) >= at.getTime() ? new Date(Date.parse(last) + 1) : at;
        await insertCartLine(tx, s.id, { id: lineId, participantId: caller.participantId, productId: input.productId, name, optionIds, note, quantity: input.quantity, addedAt: addedAt.toISOString() });
        await insertLineId(tx, s.id, lineId, lineId, bodyHash);
        return { changed: true, value: undefined, cart: { lineId } };
      });
      return session;
    },

    async deleteLine(caller, lineId) {
      const { session } = await mutate(ctx, caller.session.id, async (tx, s, at) => {
        await countWrite(ctx, tx, caller, at);
        const known = await lineIdOf(tx, s.id, lineId);
        const target = known?.target_id ?? lineId;
        const row = await cartLine(tx, s.id, target);
        const removed = await deleteCartLine(tx, s.id, target);
        // Someone else's line: its owner is told who removed it (the snapshot of this change says so).
        let removal: LineRemoval | undefined;
        if (removed > 0 && row && row.participant_id !== caller.participantId) {
          removal = {
            lineId: target,
            name: venues.get(s.venue_id)?.products.get(row.product_id)?.product.name ?? row.name,
            ownerId: row.participant_id,
            byId: caller.participantId,
            by: caller.name,
          };
        }
        return { changed: removed > 0, value: undefined, cart: { removedLineId: target }, ...(removal ? { removal } : {}) };
      });
      return session;
    },
  };
}
