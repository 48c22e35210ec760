/** The kitchen tickets of a table's rounds, read when the rounds change and with each ticket event of the venue. */
import { useEffect, useState } from 'react';
import type { Ticket } from '../../contract/kitchen.ts';
import type { Order } from '../../contract/order.ts';
import * as api from './api.ts';

export function useRoundTickets(venueId: string, rounds: readonly Order[], ticketEvents: number): Ticket[] {
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const key = rounds.map((round) => `${round.id}:${round.status}`).join();
  useEffect(() => {
    if (!key || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
    const controller = new AbortController();
    const ids = key.split(',').map((part) => part.slice(0, part.lastIndexOf(':')));
    Promise.all(ids.map((id) => api.fetchRoundTickets(venueId, id, controller.signal))).then(
      (lists) => setTickets(lists.flat()),
      () => undefined,
    );
    return () => controller.abort();
  }, [venueId, key, ticketEvents]);
  return tickets;
}
