/**
 * Pausing orders (docs/rules.md#pausing-orders), the parts without a server: the sentence of a pause in the
 * venue's zone, when a pause is over, what the cart waits for, the board's countdown, and the editor's
 * `autoPause` to the form and back.
 */
import { describe, expect, it } from 'vitest';
import { activePause, pauseKind, pauseSentence, type VenuePause } from '../../../src/contract/pause.ts';
import { awayPause } from '../../../src/features/cart/paused.ts';
import { countdown } from '../../../src/features/staff/PauseButton.tsx';
import { toDraft, toForm, venueResolver } from '../../../src/features/manage/menu-editor/logic.ts';
import { DEMO_VENUES } from '../../../server/demo/venues/index.ts';

const pause = (over: Partial<VenuePause> = {}): VenuePause => ({
  since: '2026-11-27T19:00:00Z',
  until: '2026-11-27T20:30:00Z',
  modes: ['pickup', 'delivery'],
  ...over,
});

describe('a pause', () => {
  it('says until when in the venue’s zone, or «por ahora»', () => {
    expect(pauseSentence(pause(), 'Europe/Madrid')).toBe('El local no acepta pedidos para llevar hasta las 21:30');
    expect(pauseSentence(pause({ until: undefined }), 'Europe/Madrid')).toBe(
      'El local no acepta pedidos para llevar por ahora',
    );
    expect(pauseSentence(pause({ modes: ['delivery'] }), 'America/Mexico_City')).toBe(
      'El local no acepta pedidos a domicilio hasta las 14:30',
    );
    expect(pauseKind(['pickup'])).toBe('pickup');
    expect(pauseKind(['table'])).toBe('table');
    expect(pauseKind(['pickup', 'delivery', 'table'])).toBe('all');
  });

  it('is over at its «until»; without one it lasts until resumed', () => {
    expect(activePause({ pause: pause() }, Date.parse('2026-11-27T20:29:59Z'))).toBeDefined();
    expect(activePause({ pause: pause() }, Date.parse('2026-11-27T20:30:00Z'))).toBeUndefined();
    expect(activePause({ pause: pause({ until: undefined }) }, Date.parse('2030-01-01T00:00:00Z'))).toBeDefined();
  });

  it('stops the cart only when every pickup and delivery mode of the venue is paused', () => {
    const at = Date.parse('2026-11-27T20:00:00Z');
    const venue = { id: 'v', orderModes: ['table', 'pickup', 'delivery'] as const };
    expect(awayPause(venue, { v: pause() }, at)).toBeDefined();
    expect(awayPause(venue, { v: pause({ modes: ['delivery'] }) }, at)).toBeUndefined();
    expect(awayPause({ id: 'v', orderModes: ['pickup'] }, { v: pause({ modes: ['pickup'] }) }, at)).toBeDefined();
    expect(awayPause(venue, { v: null }, at)).toBeUndefined();
  });

  it('counts down on the board', () => {
    expect(countdown(12 * 60_000 + 5_000)).toBe('12:05');
    expect(countdown(3_725_000)).toBe('1:02:05');
    expect(countdown(-1)).toBe('0:00');
  });
});

describe('the automatic pause in the editor', () => {
  const venue = () => structuredClone(DEMO_VENUES.find((v) => v.id === 'taqueria-el-guero')!);

  it('goes to the form and back; off is null; a number below 1 is said at its field', async () => {
    const form = toForm({ ...venue(), autoPause: { openTickets: 14 } });
    expect(form.autoPause).toEqual({ openTickets: 14 });
    expect((toDraft(form).draft as { autoPause?: unknown }).autoPause).toEqual({ openTickets: 14 });
    expect((toDraft({ ...form, autoPause: null }).draft as { autoPause?: unknown }).autoPause).toBeNull();
    const checked = await venueResolver()({ ...form, autoPause: { openTickets: 0 } }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(Object.keys(checked.errors)).toEqual(['autoPause']);
  });
});
