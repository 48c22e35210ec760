import { persistentAtom } from '@nanostores/persistent';
import type * as z from 'zod/mini';
// Installs the shared `vuex` engine (one localStorage object for all client state).
import '../../lib/persist.ts';

/**
 * A nanostore under `vuex[name]` whose stored value (this device, an older
 * version of the app, another tab) is parsed with a zod schema; a value that
 * fails is discarded and the store holds `initial`.
 */
export function persistedWith<T>(name: string, initial: T, schema: z.ZodMiniType<T>) {
  return persistentAtom<T>(name, initial, {
    encode: (value) => JSON.stringify(value),
    decode: (encoded) => {
      try {
        const parsed = schema.safeParse(JSON.parse(encoded));
        if (parsed.success) return parsed.data;
      } catch {
        // corrupt JSON: discarded below
      }
      console.warn(`[umenu] stored "${name}" did not match the expected shape and was discarded`);
      return initial;
    },
  });
}
