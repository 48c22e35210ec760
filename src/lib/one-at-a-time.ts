/**
 * One request at a time: while `run` is in flight, calling again returns the same promise
 * instead of starting a second run; once it settles (fulfilled or rejected), the next call
 * starts a new one. The table session reads the session and sends its queued edits this way
 * (src/features/table-session/session.ts, edit-queue.ts).
 */
export function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
