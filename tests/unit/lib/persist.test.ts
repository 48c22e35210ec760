import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPersistentEngine } from '@nanostores/persistent';
import {
  createStorageEngine,
  parseStoredState,
  persistentStore,
  STORAGE_KEY,
  type StorageLike,
} from '../../../src/lib/persist.ts';

class MemoryStorage implements StorageLike {
  data = new Map<string, string>();
  quota = Infinity;
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (value.length > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

interface Cart {
  lines: number[];
}
const isCart = (value: unknown): value is Cart =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Cart).lines) &&
  (value as Cart).lines.every(Number.isInteger);

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

function install(storage: StorageLike | undefined) {
  const engine = createStorageEngine(() => storage);
  setPersistentEngine(engine.store, engine.events);
  return engine;
}

describe('vuex persistence', () => {
  it('keeps every store as one JSON object under the key "vuex"', () => {
    const storage = new MemoryStorage();
    install(storage);
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    const name = persistentStore<string>('name', '', (v): v is string => typeof v === 'string');
    cart.set({ lines: [1, 2] });
    name.set('Ana');
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toEqual({ cart: { lines: [1, 2] }, name: 'Ana' });
  });

  it('reads back what an earlier page saved', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ cart: { lines: [7] } }));
    install(storage);
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    expect(cart.get()).toEqual({ lines: [7] });
  });

  it('discards a corrupt "vuex" value and starts clean', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, '{not json');
    install(storage);
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    expect(cart.get()).toEqual({ lines: [] });
    cart.set({ lines: [3] });
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toEqual({ cart: { lines: [3] } });
    expect(parseStoredState('[1,2]')).toEqual({});
    expect(parseStoredState('"text"')).toEqual({});
  });

  it('discards a value of the wrong shape but keeps the others', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ cart: { lines: 'oops' }, name: 'Ana' }));
    install(storage);
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    const name = persistentStore<string>('name', '', (v): v is string => typeof v === 'string');
    expect(cart.get()).toEqual({ lines: [] });
    expect(name.get()).toBe('Ana');
    expect(warn).toHaveBeenCalled();
  });

  it('works in memory when storage is unavailable (access throws)', () => {
    const engine = install({
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem: () => undefined,
    });
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    cart.set({ lines: [5] });
    expect(cart.get()).toEqual({ lines: [5] });
    expect(engine.isPersisting()).toBe(false);
    expect(engine.snapshot()).toEqual({ cart: { lines: [5] } });
  });

  it('works in memory when there is no storage at all', () => {
    install(undefined);
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    cart.set({ lines: [1] });
    expect(cart.get()).toEqual({ lines: [1] });
  });

  it('keeps working in memory when storage is full (QuotaExceededError)', () => {
    const storage = new MemoryStorage();
    const engine = install(storage);
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    cart.set({ lines: [1] });
    storage.quota = 20;
    cart.set({ lines: Array.from({ length: 50 }, (_, i) => i) });
    expect(cart.get().lines).toHaveLength(50);
    expect(engine.isPersisting()).toBe(false);
    expect(warn.mock.calls.some((call: unknown[]) => String(call[0]).includes('QuotaExceededError'))).toBe(true);
  });

  it('syncs a change made in another tab (storage event on "vuex")', () => {
    const storage = new MemoryStorage();
    const engine = install(storage);
    const cart = persistentStore<Cart>('cart', { lines: [] }, isCart);
    const seen: Cart[] = [];
    const stop = cart.listen((value) => seen.push(value));
    engine.receive(JSON.stringify({ cart: { lines: [9] } }));
    expect(cart.get()).toEqual({ lines: [9] });
    engine.receive(JSON.stringify({ cart: { lines: 'bad' } }));
    expect(cart.get()).toEqual({ lines: [] });
    engine.receive(JSON.stringify({ cart: { lines: [4] } }));
    engine.receive(null); // storage cleared in the other tab
    expect(cart.get()).toEqual({ lines: [] });
    expect(seen.map((c) => c.lines)).toEqual([[9], [], [4], []]);
    stop();
  });
});
