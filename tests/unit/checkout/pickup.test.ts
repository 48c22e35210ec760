/** The checkout's pickup time (src/features/checkout/pickup.ts): what the order sends, and a 409 «Esa hora se acaba de llenar». */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $nextFree,
  $pickupChoice,
  ASAP,
  choosePickup,
  pickupFields,
  slotRefused,
} from '../../../src/features/checkout/pickup.ts';
import { PROBLEM_TYPES } from '../../../src/contract/problem.ts';

describe('the pickup time an order sends', () => {
  beforeEach(() => {
    $pickupChoice.set(ASAP);
    $nextFree.set([]);
  });

  it('is «lo antes posible» until a slot is chosen, then that slot', () => {
    expect(pickupFields()).toEqual({ asap: true });
    choosePickup('2026-11-27T21:30:00+01:00');
    expect(pickupFields()).toEqual({ pickupAt: '2026-11-27T21:30:00+01:00' });
  });

  it('after a full slot, offers the free slots the answer proposed and leaves the full one', () => {
    choosePickup('2026-11-27T21:30:00+01:00');
    const slots = [
      { start: '2026-11-27T21:45:00+01:00', end: '2026-11-27T22:00:00+01:00', remaining: 1 },
      { start: '2026-11-27T22:00:00+01:00', end: '2026-11-27T22:15:00+01:00', remaining: 8 },
    ];
    slotRefused({ type: PROBLEM_TYPES.slotFull, status: 409, slots });
    expect($nextFree.get()).toEqual(slots);
    expect(pickupFields()).toEqual({ asap: true });
    // Any other refusal changes nothing.
    choosePickup('2026-11-27T22:00:00+01:00');
    slotRefused({ type: PROBLEM_TYPES.venueClosed, status: 422 });
    expect(pickupFields()).toEqual({ pickupAt: '2026-11-27T22:00:00+01:00' });
    expect($nextFree.get()).toEqual([]);
  });
});
