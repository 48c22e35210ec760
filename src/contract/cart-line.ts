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

/** A set menu's choice on a line (src/contract/set-menu.ts), as far as identity goes. */
interface ChoiceIdentity {
  courseId: string;
  productId: string;
  optionIds: readonly string[];
  note?: string | null;
}

/**
 * Identity of a line: lines with the same key are one line (their quantities add). A set menu's
 * line also needs the same choices (same dishes, options and notes, in any order).
 */
export function lineKey(
  productId: string,
  optionIds: readonly string[],
  note?: string | null,
  choices?: readonly ChoiceIdentity[],
): string {
  const base = [productId, [...optionIds].sort(), lineNote(note) ?? ''];
  if (!choices || choices.length === 0) return JSON.stringify(base);
  const chosen = choices
    .map((c) => JSON.stringify([c.courseId, c.productId, [...c.optionIds].sort(), lineNote(c.note) ?? '']))
    .sort();
  return JSON.stringify([...base, chosen]);
}
