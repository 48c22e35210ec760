/**
 * One order (`/pedidos/ver?id=…`): number, live status timeline, lines,
 * totals and how to reach the venue. Reads `$orderPage` (order-store.ts),
 * which follows the order live and announces status changes with a toast.
 */
import { mdiMapMarkerOutline, mdiPhoneOutline, mdiStorefrontOutline } from '@mdi/js';
import { useStore } from '@nanostores/react';
import { formatMoney } from '../../lib/money.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { Icon } from '../../shell/Icon.tsx';
import { UserNote } from '../../shell/ui/UserText.tsx';
import { ChoiceList, choiceText } from '../../shell/ui/ChoiceList.tsx';
import { setLineMessages } from '../cart/index.ts';
import { LoadError, Loading } from '../../shell/ui/LoadState.tsx';
import { $orderPage } from './order-store.ts';
import { localPath } from '../../lib/page-language.ts';
import { formatDateTime, formatTime, isOpenStatus, localeForCurrency, pageLocale, timelineOf } from './status.ts';
import { orderMessages, statusWord } from './messages.ts';
import { dishNames, menuPath } from './paths.ts';
import { ReadyBy } from './ReadyBy.tsx';
import { ReadyNotify } from './ReadyNotify.tsx';

export default function OrderView() {
  const load = useStore($orderPage);
  // The server HTML shows the loading state; so must the first client render (React #418).
  const hydrated = useHydrated();
  const words = useStore(orderMessages);

  if (!hydrated || load.state === 'loading') return <Loading text={words.loading} />;
  if (load.state === 'error') {
    return (
      <LoadError
        title={words.cannotShow}
        message={load.message}
        action={{ href: localPath('/pedidos'), label: words.seeMyOrders }}
      />
    );
  }

  const { order, venue, transport } = load;
  const locale = pageLocale(venue?.locale ?? localeForCurrency(order.currency));
  // The dishes' names of the page's language where the venue has them (the order keeps its own).
  const names = dishNames(venue);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const steps = timelineOf(order, words);
  // `Pedido {number}`, `Order {number}`: the number keeps its own element.
  const heading = words.order({ number: '\u0000' }).split('\u0000');
  return (
    <article className="flex flex-col gap-4" data-testid="order-view">
      <header className="rounded-box bg-base-100 p-4 shadow-sm">
        <p className="text-sm text-base-content/80">
          {order.venueName} · {formatDateTime(order.createdAt, locale, venue?.timezone ?? order.timezone)}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold sm:text-4xl">
          {heading[0]}
          <span data-testid="order-number">{order.number}</span>
          {heading[1]}
        </h1>
        <p className="mt-1">
          {words[order.mode]}
          {order.table ? ` · ${words.atTable({ table: order.table })}` : ''}
          {order.payment ? ` · ${words[order.payment]}` : ''}
        </p>
        <p className="mt-2 text-lg" aria-live="polite" data-testid="order-status">
          {words.status} <strong>{statusWord(words, order.status, order.mode)}</strong>
        </p>
        <ReadyBy order={order} locale={locale} />
        {isOpenStatus(order.status) && (
          <p className="text-sm text-base-content/80">{transport === 'sse' ? words.live : words.auto}</p>
        )}
        <ReadyNotify order={order} />
      </header>

      <section className="rounded-box bg-base-100 p-4 shadow-sm" aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title" className="text-lg font-bold">
          {words.tracking}
        </h2>
        <ol className="mt-3 flex flex-col gap-0" data-testid="order-timeline">
          {steps.map((step, index) => (
            <li key={step.status} className="flex gap-3" aria-current={step.state === 'current' ? 'step' : undefined}>
              <div className="flex flex-col items-center" aria-hidden="true">
                <span
                  className={`mt-1 size-4 rounded-full border-2 ${
                    step.state === 'upcoming'
                      ? 'border-base-300 bg-base-100'
                      : step.status === 'cancelled'
                        ? 'border-error-strong bg-error-strong'
                        : 'border-primary-strong bg-primary-strong'
                  }`}
                />
                {index < steps.length - 1 && <span className="w-0.5 flex-1 bg-base-300" />}
              </div>
              <div className="pb-4">
                <p
                  className={
                    step.state === 'current' ? 'font-bold' : step.state === 'upcoming' ? 'text-base-content/70' : ''
                  }
                >
                  {step.label}
                  {step.state === 'upcoming' && <span className="sr-only">{words.upcoming}</span>}
                  {step.state === 'current' && <span className="sr-only">{words.current}</span>}
                </p>
                {step.at && (
                  <p className="text-sm text-base-content/80">
                    <time dateTime={step.at}>{formatTime(step.at, locale, venue?.timezone ?? order.timezone)}</time>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="rounded-box bg-base-100 p-4 shadow-sm" aria-labelledby="order-lines-title">
        <h2 id="order-lines-title" className="text-lg font-bold">
          {words.yourOrder}
        </h2>
        <ul className="mt-2 divide-y divide-base-300">
          {order.lines.map((line, i) => (
            <li key={i} className="flex justify-between gap-3 py-2">
              <div>
                <p className="font-medium">
                  {line.quantity} × {names.get(line.productId) ?? line.name}
                </p>
                {line.options.length > 0 && (
                  <p className="text-sm text-base-content/80">
                    {line.options.map((o) => names.get(`${line.productId}/${o.id}`) ?? o.name).join(', ')}
                  </p>
                )}
                <ChoiceList
                  label={setLineMessages.get().choicesOf({ name: names.get(line.productId) ?? line.name })}
                  names={(line.choices ?? []).map(choiceText)}
                />
                {line.note && (
                  <UserNote label={words.note} className="text-sm italic text-base-content/80">
                    {line.note}
                  </UserNote>
                )}
              </div>
              <p className="whitespace-nowrap tabular-nums">{money(line.lineTotal)}</p>
            </li>
          ))}
        </ul>
        {order.note && (
          <UserNote label={words.orderNote} className="mt-2 text-sm">
            {order.note}
          </UserNote>
        )}
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-base-300 pt-3">
          <dt>{words.subtotal}</dt>
          <dd className="text-right tabular-nums">{money(order.subtotal)}</dd>
          <dt>{words.tip}</dt>
          <dd className="text-right tabular-nums">{money(order.tip)}</dd>
          {order.deliveryFee > 0 && (
            <>
              <dt>{words.deliveryFee}</dt>
              <dd className="text-right tabular-nums">{money(order.deliveryFee)}</dd>
            </>
          )}
          <dt className="text-lg font-bold">{words.total}</dt>
          <dd className="text-right text-lg font-bold tabular-nums" data-testid="order-total">
            {money(order.total)}
          </dd>
        </dl>
      </section>

      <section className="rounded-box bg-base-100 p-4 shadow-sm" aria-labelledby="order-venue-title">
        <h2 id="order-venue-title" className="text-lg font-bold">
          {order.venueName}
        </h2>
        <ul className="mt-2 flex flex-col gap-1">
          {venue?.phone && (
            <li>
              <a
                className="link inline-flex min-h-11 items-center gap-2"
                href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`}
              >
                <Icon path={mdiPhoneOutline} size={20} /> {words.call({ phone: venue.phone })}
              </a>
            </li>
          )}
          {venue?.address && (
            <li>
              <a
                className="link inline-flex min-h-11 items-center gap-2"
                href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(venue.address)}`}
                rel="noopener noreferrer"
                target="_blank"
              >
                <Icon path={mdiMapMarkerOutline} size={20} /> {venue.address}
                <span className="sr-only">{words.map}</span>
              </a>
            </li>
          )}
          <li>
            <a className="link inline-flex min-h-11 items-center gap-2" href={menuPath(order.venueId, venue)}>
              <Icon path={mdiStorefrontOutline} size={20} /> {words.seeMenu}
            </a>
          </li>
        </ul>
      </section>
      <p>
        <a className="link inline-flex min-h-11 items-center" href={localPath('/pedidos')}>
          {words.allOrders}
        </a>
      </p>
    </article>
  );
}
