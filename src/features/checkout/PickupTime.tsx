/**
 * «¿Para cuándo?» in the checkout (docs/rules.md#pickup-times): «Lo antes posible (hacia las 21:40)», quoted from
 * the kitchen's load, and the chosen day's free slots, each saying how many places are left when few are; the
 * days ahead when the venue takes them. Read again every 15 s while shown, so a slot filling up elsewhere shows.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { RadioGroup } from './RadioGroup.tsx';
import { pickupMessages } from './pickup-messages.ts';
import {
  $nextFree,
  $pickupChoice,
  $pickupSlots,
  ASAP,
  choosePickup,
  loadSlots,
  REFRESH_MS,
  wallTime,
} from './pickup.ts';

/** A slot says how many places are left from this many down. */
const SHORT = 3;

interface Props {
  venueId: string;
  /** The cart's dishes: «lo antes posible» is quoted for them. */
  products: readonly string[];
}

export function PickupTime({ venueId, products }: Props) {
  const words = useStore(pickupMessages);
  const state = useStore($pickupSlots);
  const choice = useStore($pickupChoice);
  const nextFree = useStore($nextFree);
  const uid = useId();
  const mine = state?.venueId === venueId ? state : null;
  const date = mine?.date;
  const productKey = products.join(',');

  useEffect(() => {
    const refresh = () => void loadSlots(venueId, date, productKey ? productKey.split(',') : []);
    refresh();
    const timer = setInterval(refresh, REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [venueId, date, productKey]);

  const data = mine?.data;
  const free = data?.slots.filter((s) => s.remaining > 0) ?? [];
  // «Lo antes posible» is today's (the first of `days`).
  const today = !data || data.date === data.days[0];
  const options = [
    ...(today
      ? [{ value: ASAP, label: data?.asap ? words.asap({ time: wallTime(data.asap) }) : words.asapPlain }]
      : []),
    ...free.map((s) => ({
      value: s.start,
      label: s.remaining <= SHORT ? `${wallTime(s.start)} · ${words.left(s.remaining)}` : wallTime(s.start),
    })),
  ];
  const days = data?.days ?? [];
  const dayLabel = (day: string, i: number) =>
    i === 0
      ? words.today
      : i === 1
        ? words.tomorrow
        : new Intl.DateTimeFormat(document.documentElement.lang || 'es', {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            timeZone: 'UTC',
          }).format(new Date(`${day}T12:00:00Z`));

  return (
    <>
      {days.length > 1 && (
        <div>
          <label htmlFor={`${uid}-day`} className="label mb-1 font-medium text-base-content">
            {words.day}
          </label>
          <select
            id={`${uid}-day`}
            className="select min-h-11 w-full"
            value={data?.date ?? days[0]}
            onChange={(e) => void loadSlots(venueId, e.target.value, products)}
          >
            {days.map((day, i) => (
              <option key={day} value={day}>
                {dayLabel(day, i)}
              </option>
            ))}
          </select>
        </div>
      )}
      <RadioGroup
        name="pickup-time"
        legend={words.legend}
        firstId="checkout-pickup"
        errorFor="checkout-pickup"
        options={options}
        value={choice}
        onChange={choosePickup}
      >
        <p className="mt-1 text-sm text-base-content/80" role="status">
          {nextFree.length > 0
            ? words.nextFree({ times: nextFree.map((s) => wallTime(s.start)).join(', ') })
            : !mine
              ? words.loading
              : mine.failed && !data
                ? words.failed
                : data && free.length === 0
                  ? words.none
                  : ''}
        </p>
      </RadioGroup>
    </>
  );
}
