/** A fake `followStream` (src/lib/event-stream.ts) for store tests: the test plays the server. */
import type { StreamHandlers } from '../../src/lib/event-stream.ts';

export interface FakeFollow {
  handlers: StreamHandlers;
  stopped: boolean;
  up(): void;
  down(): void;
  send(name: string, data: unknown, id?: number): void;
}

export const follows: FakeFollow[] = [];

export function followStream(handlers: StreamHandlers): () => void {
  const follow: FakeFollow = {
    handlers,
    stopped: false,
    up: () => handlers.onState('up'),
    down: () => handlers.onState('down'),
    send: (name, data, id) => handlers.onEvent(name, JSON.stringify(data), id === undefined ? null : String(id)),
  };
  follows.push(follow);
  return () => {
    follow.stopped = true;
  };
}

export function storedEventId(): string | null {
  return null;
}
