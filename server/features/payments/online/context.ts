/** What every part of paying from the phone shares (docs/rules.md#paying-from-the-phone; service.ts puts it together). */
import type { Db, Queryable } from '../../../platform/db/database.ts';
import type { OrderService } from '../../orders/index.ts';
import type { Order } from '../../../../src/contract/order.ts';
import type { EventBus } from '../../../platform/events/bus.ts';
import type { BillingService } from '../../billing/index.ts';
import type { VenueStore } from '../../venues/index.ts';
import type { PaymentProvider, ProviderConfig } from '../providers/index.ts';

export interface PaymentsOptions {
  /** The venue's provider configuration, decrypted (none: staff take the payments). */
  loadConfig: (venueId: string) => Promise<ProviderConfig | null>;
  /** The provider of a configuration (tests may give a stand-in's). */
  providerFor: (config: ProviderConfig) => PaymentProvider;
  /** Runs after a confirmation that wrote a VERI*FACTU record (the outbox sends it). */
  recordWritten?: () => void;
  /** Sends a paid pickup or delivery order to the kitchen (its tickets and print jobs) in `tx`. */
  sendToKitchen?: (tx: Queryable, order: Order) => Promise<unknown>;
  now?: () => Date;
}

export interface PaymentsContext {
  db: Db;
  venues: VenueStore;
  events: EventBus;
  billing: BillingService;
  /** Pickup and delivery orders paid online: read, and cancelled when their payment fails or expires. */
  orders?: Pick<OrderService, 'get' | 'setStatus'>;
  options: PaymentsOptions;
  now: () => Date;
}

/** The methods a configuration takes: Bizum only through Redsys. */
export const methodsOf = (config: ProviderConfig | null): Array<'card' | 'bizum'> =>
  !config ? [] : config.provider === 'redsys' ? ['card', 'bizum'] : ['card'];
