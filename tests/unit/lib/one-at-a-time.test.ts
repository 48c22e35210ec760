import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../src/lib/one-at-a-time.ts';

/** A run the test settles by hand. */
function controlled() {
  const settle: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let runs = 0;
  const run = () => {
    runs++;
    return new Promise<void>((resolve, reject) => settle.push({ resolve, reject }));
  };
  return { run, settle, runs: () => runs };
}

describe('one request at a time', () => {
  it('shares the running request with every call made meanwhile', async () => {
    const c = controlled();
    const once = oneAtATime(c.run);
    const first = once();
    const second = once();
    expect(second).toBe(first);
    expect(c.runs()).toBe(1);
    c.settle[0]!.resolve();
    await expect(first).resolves.toBeUndefined();
  });

  it('starts a new request once the last one has settled, also after a failure', async () => {
    const c = controlled();
    const once = oneAtATime(c.run);
    const failed = once();
    c.settle[0]!.reject(new Error('red caída'));
    await expect(failed).rejects.toThrow('red caída');
    const next = once();
    expect(next).not.toBe(failed);
    expect(c.runs()).toBe(2);
    c.settle[1]!.resolve();
    await next;
    void once();
    expect(c.runs()).toBe(3);
  });
});
