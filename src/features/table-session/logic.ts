/**
 * Pure functions of the table cart: the edits this phone has not yet had confirmed (queued,
 * possibly offline) applied over the last session the server sent, so what the diner sees
 * already includes their own edits. The server re-prices everything when the edits arrive.
 */
import type { CartLineInput, TableCartChange, TableCartLine, TableSession } from '../../contract/table.ts';
import { subtotalOf, unitCountOf } from '../../contract/money.ts';
import { LIMITS } from '../../contract/limits.ts';
import { lineKey, lineNote } from '../../contract/cart-line.ts';
import type { OrderLineChoice, SetLineChoiceInput } from '../../contract/order.ts';

/** What is needed to show a line before the server has priced it (a set's chosen dishes too). */
export interface LineDisplay {
  name: string;
  options: { id: string; name: string; priceDelta: number }[];
  unitPrice: number;
  choices?: OrderLineChoice[];
}

export type QueuedEdit =
  { kind: 'put'; lineId: string; input: CartLineInput; display: LineDisplay } | { kind: 'delete'; lineId: string };

/** A line as shown: `pending` while this phone's edit has not reached the server. */
export type ViewLine = TableCartLine & { pending?: boolean; choices?: OrderLineChoice[] };

/** A set line's choices as a line input sends them again (src/contract/order.ts). */
export function choiceInputs(choices: readonly OrderLineChoice[] | undefined): SetLineChoiceInput[] | undefined {
  if (!choices?.length) return undefined;
  return choices.map((c) => ({
    courseId: c.courseId,
    productId: c.productId,
    optionIds: c.options.map((o) => o.id),
    ...(c.note ? { note: c.note } : {}),
  }));
}

export interface Me {
  participantId: string;
  name: string;
}

export function applyEdits(
  lines: readonly TableCartLine[],
  edits: readonly QueuedEdit[],
  me: Me,
  now = new Date().toISOString(),
): ViewLine[] {
  let out: ViewLine[] = [...lines];
  for (const edit of edits) {
    if (edit.kind === 'delete') {
      out = out.filter((l) => l.id !== edit.lineId);
      continue;
    }
    const { input, display } = edit;
    const note = lineNote(input.note);
    const existing = out.find((l) => l.id === edit.lineId);
    if (existing) {
      out = out.map((l) =>
        l.id === edit.lineId
          ? {
              ...l,
              quantity: input.quantity,
              ...(note ? { note } : { note: undefined }),
              ...(display.choices ? { choices: display.choices, unitPrice: display.unitPrice } : {}),
              lineTotal: (display.choices ? display.unitPrice : l.unitPrice) * input.quantity,
              pending: true,
            }
          : l,
      );
    } else {
      out.push({
        id: edit.lineId,
        participantId: me.participantId,
        by: me.name,
        productId: input.productId,
        name: display.name,
        options: display.options,
        optionIds: input.optionIds,
        ...(note ? { note } : {}),
        ...(display.choices ? { choices: display.choices } : {}),
        quantity: input.quantity,
        unitPrice: display.unitPrice,
        lineTotal: display.unitPrice * input.quantity,
        addedAt: now,
        pending: true,
      });
    }
  }
  return out;
}

export function subtotalOfLines(lines: readonly { lineTotal: number }[]): number {
  return lines.reduce((sum, l) => sum + l.lineTotal, 0);
}

/**
 * Adds an edit, replacing an earlier edit of the same line still waiting (the latest state is
 * what counts). A line created and deleted before it ever reached the server leaves nothing to send.
 */
export function enqueue(edits: readonly QueuedEdit[], edit: QueuedEdit, serverHasLine: boolean): QueuedEdit[] {
  const rest = edits.filter((e) => e.lineId !== edit.lineId);
  if (edit.kind === 'delete' && !serverHasLine) return rest;
  return [...rest, edit];
}

/** The line of mine identical to `input` (same product, options and note), to merge into. */
export function sameLineOf(lines: readonly ViewLine[], input: CartLineInput, me: Me): ViewLine | undefined {
  const key = lineKey(input.productId, input.optionIds, input.note, input.choices);
  return lines.find(
    (l) =>
      l.participantId === me.participantId &&
      lineKey(l.productId, l.optionIds, l.note, choiceInputs(l.choices)) === key,
  );
}

export function cappedQuantity(quantity: number): number {
  return Math.max(LIMITS.quantityMin, Math.min(LIMITS.quantityMax, quantity));
}

/** A client-chosen line id (`[A-Za-z0-9_-]{8,64}`). */
export function newLineId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function isQueuedEdit(value: unknown): value is QueuedEdit {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  if (typeof e.lineId !== 'string') return false;
  if (e.kind === 'delete') return true;
  if (e.kind !== 'put') return false;
  const input = e.input as Record<string, unknown> | null;
  const display = e.display as Record<string, unknown> | null;
  return (
    typeof input === 'object' &&
    input !== null &&
    typeof input.productId === 'string' &&
    Array.isArray(input.optionIds) &&
    typeof input.quantity === 'number' &&
    typeof display === 'object' &&
    display !== null &&
    typeof display.name === 'string' &&
    typeof display.unitPrice === 'number' &&
    Array.isArray(display.options)
  );
}

/** Keeps the newest snapshot: another session replaces, an older version of this one is ignored. */
export function newer(current: TableSession | null, incoming: TableSession): boolean {
  return !current || current.id !== incoming.id || incoming.version >= current.version;
}

/**
 * A cart change from the stream (`event: cart`) over the session this phone holds: the next
 * session, `'stale'` when it is already included (an older or the same version), or `'gap'` when
 * a change in between was missed (the phone then reads the whole session once).
 */
export function applyCartChange(current: TableSession, change: TableCartChange): TableSession | 'stale' | 'gap' {
  if (change.sessionId !== current.id || current.status !== 'open') return 'stale';
  if (change.version <= current.version) return 'stale';
  if (change.version !== current.version + 1) return 'gap';
  const { line, removedLineId } = change;
  let lines = current.cart.lines;
  if (line)
    lines = lines.some((l) => l.id === line.id) ? lines.map((l) => (l.id === line.id ? line : l)) : [...lines, line];
  if (removedLineId) lines = lines.filter((l) => l.id !== removedLineId);
  const { removed: _previous, ...rest } = current;
  return {
    ...rest,
    version: change.version,
    cart: { lines, subtotal: subtotalOf(lines), count: unitCountOf(lines) },
    ...(change.removed ? { removed: change.removed } : {}),
  };
}

/**
 * «Por persona» (docs/rules.md#the-bill): once something was paid, a person whose payments differ from what they
 * ordered shows both («Lucía: pidió 42,00 €, pagó 21,00 €»); otherwise what they ordered.
 */
export function perPersonShows(
  person: { total: number; paid: number },
  billPaid: number,
): 'ordered' | 'orderedAndPaid' {
  return billPaid > 0 && person.paid !== person.total ? 'orderedAndPaid' : 'ordered';
}

/** What `Pagar mi parte` pays: dishes and shares, or an amount, with the tip (the body of a request or a checkout). */
export interface PayClaim {
  lineIds?: string[];
  shares?: Array<{ lineId: string; of: number }>;
  amount?: number;
  tip: number;
}

/**
 * The claim the form describes (docs/rules.md#the-bill): the ticked dishes and shares, the equal part, or the typed
 * amount (at most the balance); otherwise the sentence to show, on the amount's field or on the form.
 */
export function claimOf(form: {
  mode: 'items' | 'equal' | 'amount';
  items: { amount: number; lineIds: string[]; shares: Array<{ lineId: string; of: number }> };
  equalAmount: number;
  typed: { value: number } | { error: string };
  balance: number;
  tip: number;
  words: { nothingChosen: string; amountEmpty: string; amountTooHigh: string; parseError: (error: string) => string };
}): { claim: PayClaim } | { error: string; field?: 'amount' } {
  const { mode, items, typed, tip, words } = form;
  if (mode === 'items') {
    if (items.amount === 0) return { error: words.nothingChosen };
    return {
      claim: {
        ...(items.lineIds.length ? { lineIds: items.lineIds } : {}),
        ...(items.shares.length ? { shares: items.shares } : {}),
        tip,
      },
    };
  }
  if (mode === 'equal') return { claim: { amount: form.equalAmount, tip } };
  if ('error' in typed) return { error: words.parseError(typed.error), field: 'amount' };
  if (typed.value === 0) return { error: words.amountEmpty, field: 'amount' };
  if (typed.value > form.balance) return { error: words.amountTooHigh, field: 'amount' };
  return { claim: { amount: typed.value, tip } };
}
