/**
 * When a pickup or delivery order will be ready (docs/rules.md#pickup-times): the day's slots as the API gives them
 * (`GET /api/venues/{id}/pickup-slots`, read again every 15 s while the checkout shows them), the diner's choice
 * («lo antes posible» or a slot's start), what the order sends for it, and the next free slots of a 409 «Esa hora
 * se acaba de llenar».
 */
import { atom } from 'nanostores';
import { PickupSlot, PickupSlots } from '../../contract/pickup.ts';
import { PROBLEM_TYPES, type Problem } from '../../contract/problem.ts';
import { http } from '../../lib/http.ts';

export const ASAP = 'asap';
/** `asap`, or the chosen slot's `start`. */
export const $pickupChoice = atom<string>(ASAP);
export interface SlotsState {
  venueId: string;
  date: string | undefined;
  products: readonly string[];
  data: PickupSlots | undefined;
  failed: boolean;
}
export const $pickupSlots = atom<SlotsState | null>(null);
/** The free slots a 409 proposed (shown until the diner chooses again). */
export const $nextFree = atom<PickupSlot[]>([]);

/** The wall-clock time of an ISO time written with the venue's offset (`2026-11-27T21:30:00+01:00` → `21:30`). */
export const wallTime = (iso: string) => iso.slice(11, 16);

export const REFRESH_MS = 15_000;

/** Reads the slots of `date` (the venue's today when absent); `products` quotes «lo antes posible» for the cart. */
export async function loadSlots(venueId: string, date: string | undefined, products: readonly string[]): Promise<void> {
  // Another venue's choice means nothing here.
  if ($pickupSlots.get()?.venueId !== venueId) $pickupChoice.set(ASAP);
  const query = new URLSearchParams();
  if (date) query.set('date', date);
  if (products.length) query.set('products', [...new Set(products)].slice(0, 50).join(','));
  try {
    const body = await http.get(`venues/${encodeURIComponent(venueId)}/pickup-slots?${query}`, { retry: 0 }).json();
    const parsed = PickupSlots.safeParse(body);
    $pickupSlots.set({
      venueId,
      date,
      products,
      data: parsed.success ? parsed.data : undefined,
      failed: !parsed.success,
    });
  } catch {
    const last = $pickupSlots.get();
    $pickupSlots.set({
      venueId,
      date,
      products,
      data: last?.venueId === venueId ? last.data : undefined,
      failed: true,
    });
  }
  settleChoice();
}

/**
 * Keeps the choice one the list offers: «lo antes posible» is for today only; another day starts on its first free
 * slot; a chosen slot that filled up (or passed) gives way to «lo antes posible» today, or to the day's first free one.
 */
function settleChoice(): void {
  const data = $pickupSlots.get()?.data;
  if (!data) return;
  const today = data.date === data.days[0];
  const free = data.slots.filter((s) => s.remaining > 0);
  const choice = $pickupChoice.get();
  const offered = choice === ASAP ? today : free.some((s) => s.start === choice);
  if (offered) return;
  // A slot of another day than the one shown stays chosen (the diner may be looking).
  if (choice !== ASAP && choice.slice(0, 10) !== data.date) return;
  $pickupChoice.set(today ? ASAP : (free[0]?.start ?? ASAP));
}

export function choosePickup(value: string): void {
  $pickupChoice.set(value);
  $nextFree.set([]);
}

/** What the order sends for the diner's choice. */
export function pickupFields(): { pickupAt: string } | { asap: true } {
  const choice = $pickupChoice.get();
  return choice === ASAP ? { asap: true } : { pickupAt: choice };
}

/** A refused order: when the slot had just filled up, remember the free slots the API proposed. */
export function slotRefused(problem: (Problem & { slots?: unknown }) | undefined): void {
  if (problem?.type !== PROBLEM_TYPES.slotFull) return;
  const slots = Array.isArray(problem.slots)
    ? problem.slots.flatMap((s) => {
        const parsed = PickupSlot.safeParse(s);
        return parsed.success ? [parsed.data] : [];
      })
    : [];
  $nextFree.set(slots);
  $pickupChoice.set(ASAP);
  const state = $pickupSlots.get();
  if (state) void loadSlots(state.venueId, state.date, state.products);
}
