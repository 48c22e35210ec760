/** What every part of the billing feature shares (server/features/billing/service.ts puts it together). */
import { PROBLEM_MESSAGES } from '../../../src/contract/problem.ts';
import type { Db, Queryable } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/events/bus.ts';
import { problem } from '../../platform/problem.ts';
import type { RateLimit, RateLimiter } from '../../platform/rate-limit.ts';
import type { VenueStore } from '../venues/index.ts';
import { formatMoney } from '../../../src/contract/money-format.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import type { Outbox, VerifactuEnvironment } from './verifactu.ts';

/** What a provider's refund is asked with (docs/rules.md#refunds; server/main.ts answers it with the venue's provider). */
export interface OnlineRefundRequest {
  provider: string;
  /** The order number the provider knows the payment by. */
  reference: string;
  providerRef?: string | undefined;
  amount: number;
  currency: string;
}

export interface BillingOptions {
  verifactuEnvironment: VerifactuEnvironment;
  outbox?: Outbox;
  now?: () => Date;
  /** Queues a new receipt's print job in the payment's transaction (server/features/printing). */
  printReceipt?: (tx: Queryable, venueId: string, receiptId: string) => Promise<unknown>;
  /** The server's rate limiter, and how many payment requests one person at a table may make (each reaches the board). */
  limiter?: RateLimiter;
  payRequestLimit?: RateLimit | null;
  /**
   * Gives back money of an online payment through the venue's provider (docs/rules.md#refunds): resolves with the
   * provider's reference of the refund, throws when the provider refuses (its message is what the manager reads).
   */
  refundOnline?: (venueId: string, request: OnlineRefundRequest) => Promise<{ providerRef: string }>;
  /** The methods a venue takes from the phone (none without a provider; docs/rules.md#paying-from-the-phone). */
  onlineMethods?: (venueId: string) => Promise<Array<'card' | 'bizum'>>;
}

export interface BillingContext {
  db: Db;
  venues: VenueStore;
  events: EventBus;
  options: BillingOptions;
  now: () => Date;
  /** The venue (404 when it does not exist). */
  venueOf: (id: string) => Venue;
  /** An amount as the venue writes it (`$57.00`). */
  money: (venue: Venue, minor: number) => string;
}

export function billingContext(db: Db, venues: VenueStore, events: EventBus, options: BillingOptions): BillingContext {
  return {
    db,
    venues,
    events,
    options,
    now: options.now ?? (() => new Date()),
    venueOf: (id) => {
      const entry = venues.get(id);
      if (!entry) throw problem('notFound', 404, PROBLEM_MESSAGES.venueNotFound(id.slice(0, 64)));
      return entry.venue;
    },
    money: (venue, minor) => formatMoney(minor, venue.currency, venue.locale),
  };
}
