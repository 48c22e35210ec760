/**
 * The table cart's edits from this phone (docs/rules.md#table-sessions): queued (kept across a
 * reload and while offline), shown at once over the last session the server sent (state.ts's
 * `$view`), and sent in order, one request at a time, when there is a connection; a refused
 * write's `Retry-After` holds the queue.
 */
import { isHTTPError } from 'ky';
import { lineNote } from '../../contract/cart-line.ts';
import { LIMITS } from '../../contract/limits.ts';
import { oneAtATime } from '../../lib/one-at-a-time.ts';
import { toast } from '../../shell/toast.ts';
import type { NewCartLine } from '../cart/index.ts';
import * as api from './api.ts';
import { setTableAdder } from './membership.ts';
import { tableMessages } from './messages.ts';
import { detailOf, isClosedError, isCredentialError, isTransient } from './request-errors.ts';
import { closedHere, lost, plugIntoSession, receive, refresh } from './session.ts';
import { $queue, $session, $tableActive, $view, membership, setQueue, venueId } from './state.ts';
import {
  cappedQuantity,
  choiceInputs,
  enqueue,
  newLineId,
  sameLineOf,
  type LineDisplay,
  type QueuedEdit,
} from './logic.ts';

let retryTimer: ReturnType<typeof setTimeout> | null = null;

/** Adds a dish to the table cart (merging into my identical line). */
export function addTableLine(line: NewCartLine): { ok: boolean; message?: string } {
  const id = venueId();
  const view = $view.get();
  if (!id || !view) return { ok: false, message: tableMessages.get().credentialInvalid };
  const note = lineNote(line.note);
  const input = {
    productId: line.productId,
    optionIds: [...line.optionIds],
    quantity: cappedQuantity(line.quantity),
    ...(note ? { note } : {}),
    ...(line.choices?.length ? { choices: line.choices } : {}),
  };
  const same = sameLineOf(view.lines, input, view.me);
  if (!same && view.lines.length >= LIMITS.linesPerOrder)
    return { ok: false, message: tableMessages.get().tooManyLines };
  const display = same ? { name: same.name, options: same.options, unitPrice: same.unitPrice } : displayOf(line);
  const edit: QueuedEdit = same
    ? {
        kind: 'put',
        lineId: same.id,
        input: { ...input, quantity: cappedQuantity(same.quantity + input.quantity) },
        display,
      }
    : { kind: 'put', lineId: newLineId(), input, display };
  queueEdit(edit);
  return { ok: true };
}

/** How a line from the menu shows until the server prices it (a set's choices by the names the diner saw). */
function displayOf(line: NewCartLine): LineDisplay {
  return {
    name: line.name,
    options: line.optionIds.map((oid, i) => ({ id: oid, name: line.optionNames[i] ?? '', priceDelta: 0 })),
    unitPrice: line.unitPrice,
    ...(line.choices?.length
      ? {
          choices: line.choices.map((c, i) => ({
            courseId: c.courseId,
            courseName: '',
            productId: c.productId,
            name: line.choiceNames?.[i] ?? '',
            supplement: 0,
            options: [],
            ...(c.note ? { note: c.note } : {}),
          })),
        }
      : {}),
  };
}

/** An edited set line (new choices from the dialog) in place of my line `lineId`. */
export function replaceTableLine(lineId: string, line: NewCartLine): { ok: boolean; message?: string } {
  const current = $view.get()?.lines.find((l) => l.id === lineId);
  if (!current) return addTableLine(line);
  const note = lineNote(line.note);
  queueEdit({
    kind: 'put',
    lineId,
    input: {
      productId: line.productId,
      optionIds: [...line.optionIds],
      quantity: cappedQuantity(line.quantity),
      ...(note ? { note } : {}),
      ...(line.choices?.length ? { choices: line.choices } : {}),
    },
    display: displayOf(line),
  });
  return { ok: true };
}

export function setLineQuantity(lineId: string, quantity: number): void {
  const line = $view.get()?.lines.find((l) => l.id === lineId);
  if (!line) return;
  const choices = choiceInputs(line.choices);
  queueEdit({
    kind: 'put',
    lineId,
    input: {
      productId: line.productId,
      optionIds: line.optionIds,
      quantity: cappedQuantity(quantity),
      ...(line.note ? { note: line.note } : {}),
      ...(choices ? { choices } : {}),
    },
    display: {
      name: line.name,
      options: line.options,
      unitPrice: line.unitPrice,
      ...(line.choices ? { choices: line.choices } : {}),
    },
  });
}

export function removeLine(lineId: string): void {
  queueEdit({ kind: 'delete', lineId });
}

function queueEdit(edit: QueuedEdit): void {
  const id = venueId();
  if (!id) return;
  const onServer = $session.get()?.cart.lines.some((l) => l.id === edit.lineId) ?? false;
  setQueue(id, enqueue($queue.get()[id] ?? [], edit, onServer));
  void flush();
}

/** Sends the queued edits in order; stops (and tries again later) while offline. */
export const flush = oneAtATime(drain);

/** Until then (a refused write's Retry-After) nothing is sent: new edits wait in the queue. */
let holdUntil = 0;

/** How long to wait before sending a queued edit again: the answer's `Retry-After` (at most 10 min), else 5 s. */
function retryDelayOf(error: unknown): number {
  const header = isHTTPError(error) ? error.response.headers.get('retry-after') : null;
  const seconds = header && /^\d{1,6}$/.test(header.trim()) ? Number(header.trim()) : NaN;
  return Number.isFinite(seconds) ? Math.min(600, Math.max(1, seconds)) * 1000 : 5_000;
}

async function drain(): Promise<void> {
  if (Date.now() < holdUntil) return;
  for (;;) {
    const id = venueId();
    const seat = membership();
    const edits = id ? ($queue.get()[id] ?? []) : [];
    if (!id || !seat || edits.length === 0) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const edit = edits[0]!;
    try {
      const session =
        edit.kind === 'put'
          ? await api.putLine(seat.credential, edit.lineId, edit.input)
          : await api.deleteLine(seat.credential, edit.lineId);
      dropEdit(id, edit);
      receive(session);
    } catch (error) {
      if (isTransient(error)) {
        // Kept queued; sent again after the server's Retry-After (too many writes: 429), else in 5 s.
        const wait = retryDelayOf(error);
        holdUntil = Date.now() + wait;
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void flush(), wait);
        return;
      }
      if (isCredentialError(error)) return lost();
      if (isClosedError(error)) return closedHere();
      dropEdit(id, edit);
      toast.error(detailOf(error), { id: 'table-edit-refused' });
      await refresh();
    }
  }
}

/** Removes exactly this edit (a newer edit of the same line, queued meanwhile, stays). */
function dropEdit(id: string, edit: QueuedEdit): void {
  const sent = JSON.stringify(edit);
  const edits = $queue.get()[id] ?? [];
  const at = edits.findIndex((e) => JSON.stringify(e) === sent);
  if (at !== -1)
    setQueue(
      id,
      edits.filter((_, i) => i !== at),
    );
}

$tableActive.subscribe((id) => setTableAdder(id, addTableLine, replaceTableLine));
plugIntoSession({ sendQueued: flush });
