/**
 * The venue's staff stream (`GET /venues/{id}/orders/events`): one module that the order board
 * (src/features/staff/) and the kitchen display (src/features/kitchen/) both follow, so neither
 * feature imports the other for it (docs/architecture.md#arrows-point-one-way).
 */
import { followStream } from '../../lib/event-stream.ts';
import { auth } from '../auth/index.ts';

/** The board stream's path, also its key for resuming. */
export function boardStreamPath(venueId: string): string {
  return `venues/${encodeURIComponent(venueId)}/orders/events`;
}

export interface BoardStreamHandlers {
  /** One event of the venue's stream (`order`, `ticket`, `table`, `venue`, …), in order, never twice. */
  onEvent: (name: string, data: string) => void;
  /** The stream is up (after `ready`: a catch-up read belongs here) or down. */
  onState: (state: 'up' | 'down') => void;
  /** Where the last event id is kept for a reload to resume (default: the board's key). */
  resumeKey?: string;
}

/**
 * Follows the venue's board stream as the signed-in staff member: resumed with `Last-Event-ID`
 * after a drop or a reload (src/lib/event-stream.ts). The board and the kitchen display both
 * listen to it; returns the function that stops it.
 */
export function followBoardStream(venueId: string, handlers: BoardStreamHandlers): () => void {
  const path = boardStreamPath(venueId);
  return followStream({
    path,
    resumeKey: handlers.resumeKey ?? path,
    token: () => auth.requestToken().catch(() => null),
    // Ended at its token's expiry, the stream may reconnect before this device saw that token expire.
    unauthorized: (rejected) => auth.handleUnauthorized(rejected),
    onEvent: (name, data) => handlers.onEvent(name, data),
    onState: handlers.onState,
  });
}
