/**
 * When two cart lines are the same line (docs/rules.md#cart-checkout-and-orders): the same dish, the same options
 * in any order and the same note once trimmed. The diner's cart, the shared table cart and
 * the server all merge and keep notes by this one rule.
 */
import { cleanText } from './text.ts';

/** A line's note as kept: cleaned (src/contract/text.ts: trimmed, no invisible characters), and none when nothing is left. */
export function lineNote(note: string | null | undefined): string | undefined {
  const cleaned = cleanText(note ?? '', { multiline: true });
  return cleaned === '' ? undefined : cleaned;
}

/** Identity of a line: lines with the same key are one line (their quantities add). */
export function lineKey(productId: string, optionIds: readonly string[], note?: string | null): string {
  return JSON.stringify([productId, [...optionIds].sort(), lineNote(note) ?? '']);
}
