import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  reloadAfterChunkFailure,
  shouldReloadForChunkError,
  type ReloadEnvironment,
} from '../../../src/shell/chunk-reload.ts';

function environment(
  start: number,
  storageWorks = true,
): ReloadEnvironment & { reloads: number; clock: { now: number } } {
  let stored: string | null = null;
  const clock = { now: start };
  const env = {
    reloads: 0,
    clock,
    now: () => clock.now,
    read: () => stored,
    write: (value: string) => {
      if (!storageWorks) throw new Error('no storage');
      stored = value;
    },
    reload: () => {
      env.reloads += 1;
    },
  };
  return env;
}

describe('chunk reload throttle', () => {
  it('reloads the first time and again only after 60 s', () => {
    expect(CHUNK_RELOAD_WINDOW_MS).toBe(60_000);
    expect(shouldReloadForChunkError(null, 1000)).toBe(true);
    expect(shouldReloadForChunkError(1000, 1000 + 59_999)).toBe(false);
    expect(shouldReloadForChunkError(1000, 1000 + 60_000)).toBe(true);
    expect(shouldReloadForChunkError(5000, 1000)).toBe(true); // clock went backwards
  });

  it('recognises chunk-load failures and nothing else', () => {
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/_astro/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('does not loop: a second failure within 60 s does not reload', () => {
    const env = environment(1_000_000);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(reloadAfterChunkFailure(new Error('Loading chunk 3 failed'), env)).toBe(true);
    env.clock.now += 30_000;
    expect(reloadAfterChunkFailure(new Error('Loading chunk 3 failed'), env)).toBe(false);
    env.clock.now += 30_000;
    expect(reloadAfterChunkFailure(undefined, env)).toBe(true);
    expect(env.reloads).toBe(2);
    warn.mockRestore();
  });

  it('never reloads when it cannot remember the reload (no storage)', () => {
    const env = environment(0, false);
    expect(reloadAfterChunkFailure(undefined, env)).toBe(false);
    expect(env.reloads).toBe(0);
  });

  it('ignores errors that are not chunk failures', () => {
    const env = environment(0);
    expect(reloadAfterChunkFailure(new Error('boom'), env)).toBe(false);
    expect(env.reloads).toBe(0);
  });
});
