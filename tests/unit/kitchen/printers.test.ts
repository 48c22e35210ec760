// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Printer } from '../../../src/contract/printing.ts';

const reads: string[] = [];
let answer: { printers: Printer[] } = { printers: [] };
vi.mock('../../../src/lib/http.ts', () => ({
  http: {
    get: (path: string) => {
      reads.push(path);
      const body = structuredClone(answer);
      return { json: async () => body };
    },
  },
}));

const { NO_PRINTERS_POLL_MS, PRINTERS_POLL_MS, printerAlerts, printersStore, stationsWithPrinter } =
  await import('../../../src/features/kitchen/printers.ts');

const barra = (alert?: string): Printer => ({
  id: 'barra-1',
  name: 'Barra',
  station: 'barra',
  host: '10.0.0.5',
  port: 9100,
  width: 80,
  online: !alert,
  ...(alert ? { alert } : {}),
});

describe("the venue's printers on the board and the kitchen display", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    reads.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('are read while a screen shows them: every 10 s with printers, every minute without, never after', async () => {
    answer = { printers: [] };
    const $printers = printersStore('sin-impresoras');
    const off = $printers.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual(['venues/sin-impresoras/printers']);
    expect($printers.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(PRINTERS_POLL_MS);
    expect(reads).toHaveLength(1);
    // A printer added meanwhile is known within a minute; from then on the state every 10 s.
    answer = { printers: [barra()] };
    await vi.advanceTimersByTimeAsync(NO_PRINTERS_POLL_MS - PRINTERS_POLL_MS);
    expect(reads).toHaveLength(2);
    expect(stationsWithPrinter($printers.get()).has('barra')).toBe(true);
    answer = { printers: [barra('Impresora Barra sin conexión')] };
    await vi.advanceTimersByTimeAsync(PRINTERS_POLL_MS);
    expect(reads).toHaveLength(3);
    expect(printerAlerts($printers.get())).toEqual(['Impresora Barra sin conexión']);
    off();
    await vi.advanceTimersByTimeAsync(1000); // nanostores unmounts a store a second after its last listener
    const before = reads.length;
    await vi.advanceTimersByTimeAsync(NO_PRINTERS_POLL_MS * 3);
    expect(reads).toHaveLength(before);
  });
});
