/**
 * Client state that survives reloads: every persistent store lives in ONE
 * localStorage entry, `vuex` (`{ [name]: value }`), as docs/rules.md#shell requires.
 * - storage unavailable (privacy mode) or full (QuotaExceededError): state is
 *   kept in memory for this page and the app keeps working;
 * - corrupt JSON under `vuex`, or a value of the wrong shape: discarded, the
 *   store starts from its initial value;
 * - another tab writes `vuex`: stores here update (the `storage` event).
 */
import {
  persistentAtom,
  setPersistentEngine,
  type PersistentEvents,
  type PersistentListener,
  type PersistentStore,
} from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';

/**
 * The one localStorage key. Its name is a requirement (docs/rules.md#shell): it is the key of the
 * seed app whose rules umenu restates, a Vue app that kept its Vuex state there, and state
 * stored under it stays readable. Nothing in this code is Vuex: the engine below is
 * @nanostores/persistent's storage engine, named for what it does.
 */
export const STORAGE_KEY = 'vuex';

/** The subset of the Web Storage API the engine uses (so tests can pass a fake). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type StateRecord = Record<string, unknown>;

/** Parses the stored `vuex` text; anything but a JSON object is discarded. */
export function parseStoredState(text: string | null | undefined): StateRecord {
  if (text == null || text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as StateRecord;
  } catch {
    // fall through: corrupt data is discarded
  }
  warn(`stored "${STORAGE_KEY}" data was unreadable and has been reset`);
  return {};
}

function warn(message: string): void {
  if (typeof console !== 'undefined') console.warn(`[umenu] ${message}`);
}

function safeStorage(candidate?: () => StorageLike | undefined): StorageLike | undefined {
  try {
    const storage = candidate ? candidate() : globalThis.localStorage;
    if (!storage) return undefined;
    // Safari private mode and disabled storage throw here.
    const probe = `${STORAGE_KEY}:probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}

export interface StorageEngine {
  /** localStorage-like object for `setPersistentEngine`: one property per store name, values JSON-encoded. */
  store: PersistentStore;
  events: PersistentEvents;
  /** True while writes actually reach storage (false: in-memory only). */
  isPersisting(): boolean;
  /** Applies a `vuex` value written by another tab (what the `storage` event carries). */
  receive(text: string | null): void;
  /** The whole state object, as stored. */
  snapshot(): StateRecord;
}

/**
 * Builds the engine over a storage (default: localStorage). Exposed for tests;
 * the app uses the instance installed below.
 */
export function createStorageEngine(storageFactory?: () => StorageLike | undefined): StorageEngine {
  let storage = safeStorage(storageFactory);
  let state: StateRecord = {};
  try {
    state = parseStoredState(storage?.getItem(STORAGE_KEY));
  } catch {
    storage = undefined;
  }
  const listeners = new Map<PersistentListener, string>();

  function write(): void {
    if (!storage) return;
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch (error) {
      // Quota exceeded or storage revoked: keep going in memory only.
      storage = undefined;
      warn(
        `could not save "${STORAGE_KEY}" (${error instanceof Error ? error.name : String(error)}); keeping state in memory`,
      );
    }
  }

  const store = new Proxy<PersistentStore>(
    {},
    {
      get(_target, name) {
        if (typeof name !== 'string' || !(name in state)) return undefined;
        return JSON.stringify(state[name]);
      },
      set(_target, name, encoded) {
        if (typeof name !== 'string') return false;
        try {
          state[name] = JSON.parse(String(encoded));
        } catch {
          return true;
        }
        write();
        return true;
      },
      deleteProperty(_target, name) {
        if (typeof name === 'string' && name in state) {
          delete state[name];
          write();
        }
        return true;
      },
      has(_target, name) {
        return typeof name === 'string' && Object.prototype.hasOwnProperty.call(state, name);
      },
      ownKeys() {
        return Object.keys(state);
      },
      getOwnPropertyDescriptor(_target, name) {
        if (typeof name !== 'string' || !(name in state)) return undefined;
        return { enumerable: true, configurable: true, writable: true, value: JSON.stringify(state[name]) };
      },
    },
  );

  function receive(text: string | null): void {
    const previous = state;
    state = text === null ? {} : parseStoredState(text);
    for (const [listener, name] of listeners) {
      const before = JSON.stringify(previous[name]);
      const after = JSON.stringify(state[name]);
      if (before === after) continue;
      listener({ key: name, newValue: name in state ? after : (null as unknown as string) });
    }
  }

  const onStorage = (event: StorageEvent): void => {
    if (event.key === STORAGE_KEY || event.key === null) receive(event.newValue);
  };
  let windowListening = false;

  const events: PersistentEvents = {
    addEventListener(name, listener, restore) {
      listeners.set(listener, name);
      if (typeof window !== 'undefined') {
        window.addEventListener('pageshow', restore);
        if (!windowListening) {
          window.addEventListener('storage', onStorage);
          windowListening = true;
        }
      }
    },
    removeEventListener(_name, listener, restore) {
      listeners.delete(listener);
      if (typeof window !== 'undefined') {
        window.removeEventListener('pageshow', restore);
        if (windowListening && listeners.size === 0) {
          window.removeEventListener('storage', onStorage);
          windowListening = false;
        }
      }
    },
  };

  return { store, events, isPersisting: () => storage !== undefined, receive, snapshot: () => ({ ...state }) };
}

export const storageEngine: StorageEngine = createStorageEngine();
setPersistentEngine(storageEngine.store, storageEngine.events);

/**
 * A nanostore kept under `vuex[name]`. `validate` guards what is read back
 * (from this device, an older version of the app, or another tab): a value
 * that fails it is discarded and the store holds `initial`.
 */
export function persistentStore<T>(
  name: string,
  initial: T,
  validate: (value: unknown) => value is T,
): WritableAtom<T> {
  return persistentAtom<T>(name, initial, {
    encode: (value) => JSON.stringify(value),
    decode: (encoded) => {
      try {
        const value: unknown = JSON.parse(encoded);
        if (validate(value)) return value;
      } catch {
        // corrupt: discarded below
      }
      warn(`stored "${name}" did not match the expected shape and was discarded`);
      return initial;
    },
  });
}
