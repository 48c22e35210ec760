/**
 * The checkout step of the order drawer (docs/rules.md#cart-checkout-and-orders): mode (pickup or delivery), name,
 * phone, address, note, tip, payment, totals and `Confirmar pedido`. The form
 * lives in the checkout store (saved per venue on every change, so a sign-in
 * round trip or a reload brings it back); this component renders it and
 * calls the store's actions.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { TIP_PERCENT_PRESETS } from '../../contract/labels.ts';
import { isOpenAt } from '../../contract/hours.ts';
import { LIMITS } from '../../contract/limits.ts';
import { PAYMENT_METHODS } from '../../contract/order.ts';
import { formatMoney } from '../../lib/money.ts';
import { $online } from '../../lib/online.ts';
import { localPath } from '../../lib/page-language.ts';
import { FieldError, fieldErrorId } from '../../shell/ui/FieldError.tsx';
import { $auth } from './session.ts';
import type { Cart } from '../cart/index.ts';
import { PriceChangeNotice } from './PriceChangeNotice.tsx';
import { RadioGroup } from './RadioGroup.tsx';
import { $onlineMethods, loadOnlineMethods, onlineChoicesOf } from './online.ts';
import { PickupTime } from './PickupTime.tsx';
import { $pickupChoice, ASAP } from './pickup.ts';
import {
  $checkoutFeedback,
  $now,
  $submitting,
  acceptNewPrices,
  checkoutFormOf,
  dropBlockerNotice,
  editField,
  focusHandled,
  placeOrder,
  prepareForm,
  totalsOf,
} from './store.ts';
import { OrderSummary, TotalsSummary } from './TotalsSummary.tsx';
import {
  blockerText,
  checkoutModes,
  orderBlockers,
  type CheckoutField,
  type CheckoutForm as Form,
} from './validate.ts';
import type { CheckoutVenue } from './venue.ts';
import { checkoutMessages } from './messages.ts';
import '../../styles/dialogs.ts';

interface Props {
  venue: CheckoutVenue;
  cart: Cart;
  onBack: () => void;
}

export function fieldId(field: CheckoutField): string {
  return `checkout-${field}`;
}

type Words = ReturnType<typeof checkoutMessages.get>;

function tipOptions(words: Words) {
  return [
    ...TIP_PERCENT_PRESETS.map((percent) => ({
      value: String(percent) as Form['tip'],
      label: percent === 0 ? words.noTip : words.tipPercent({ percent: String(percent) }),
    })),
    { value: 'custom' as const, label: words.customTip },
  ];
}

/** Focus and bring into view above the sticky buttons. */
function reveal(element: HTMLElement | null | undefined): void {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView?.({ block: 'center' });
}

export function CheckoutForm({ venue, cart, onBack }: Props) {
  const money = (minor: number) => formatMoney(minor, venue.currency, venue.locale);
  const $form = useMemo(() => checkoutFormOf(venue), [venue]);
  const form = useStore($form);
  const feedback = useStore($checkoutFeedback);
  const { errors, notice, priceChange } = feedback;
  const online = useStore($online);
  const submitting = useStore($submitting);
  const now = useStore($now);
  const pickupChoice = useStore($pickupChoice);
  const loggedIn = useStore($auth).loggedIn;
  const noticeRef = useRef<HTMLDivElement>(null);
  const priceRef = useRef<HTMLHeadingElement>(null);
  const uid = useId();
  const words = useStore(checkoutMessages);

  useEffect(() => prepareForm(venue), [venue]);
  const onlineMethods = useStore($onlineMethods);
  useEffect(() => loadOnlineMethods(venue.id), [venue.id]);

  const totals = totalsOf(venue, cart, form);
  // A later slot (the picker offers only slots inside the venue's hours) can be ordered while the venue is closed.
  const laterSlot = form.mode !== 'table' && pickupChoice !== ASAP;
  const openNow = laterSlot || isOpenAt(venue.hours, venue.timezone, new Date(now));
  const modes = checkoutModes(venue);
  const blockers = orderBlockers({
    lines: cart.lines,
    subtotal: totals.subtotal,
    minOrder: venue.minOrder,
    mode: form.mode,
    openNow,
    online,
  }).filter((b) => b.kind !== 'empty');
  const shortfall = blockers.find((b) => b.kind === 'belowMinimum');
  const blockerKey = blockers.map((b) => b.kind).join(',');
  useEffect(dropBlockerNotice, [blockerKey]);

  // The store says where the diner's attention goes after an attempt.
  useEffect(() => {
    const target = feedback.focus;
    if (!target) return;
    focusHandled();
    if (target === 'notice') requestAnimationFrame(() => reveal(noticeRef.current));
    else if (target === 'priceChange') requestAnimationFrame(() => reveal(priceRef.current));
    else reveal(document.getElementById(fieldId(target)));
  }, [feedback.focus]);

  const update = <K extends keyof Form>(key: K, value: Form[K]) => editField(venue, key, value);
  const describedBy = (field: CheckoutField, extra?: string) =>
    [errors[field] ? fieldErrorId(fieldId(field)) : null, extra].filter(Boolean).join(' ') || undefined;
  const control = (field: CheckoutField, kind = 'input') => ({
    id: fieldId(field),
    className: `${kind} w-full min-h-11 ${errors[field] ? `${kind}-error` : ''}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
  });

  function onSubmit(event: React.SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    placeOrder(
      venue,
      blockers.map((b) => blockerText(b, venue)),
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-labelledby={`${uid}-title`}
      data-testid="checkout-form"
    >
      <OrderSummary cart={cart} money={money} />
      <h3 id={`${uid}-title`} className="text-lg font-bold">
        {words.title}
      </h3>

      {modes.length > 0 ? (
        <RadioGroup
          name="mode"
          legend={words.modeLegend}
          firstId={fieldId('mode')}
          errorFor={fieldId('mode')}
          error={errors.mode}
          options={modes.map((mode) => ({ value: mode, label: mode === 'delivery' ? words.delivery : words.pickup }))}
          value={form.mode}
          onChange={(mode) => update('mode', mode)}
        />
      ) : (
        <p
          id={fieldId('mode')}
          tabIndex={-1}
          role="note"
          className="rounded-box border border-base-300 p-3 text-sm"
          data-testid="checkout-table-only"
        >
          {words.tableOnly}
        </p>
      )}
      {(form.mode === 'pickup' || form.mode === 'delivery') && (
        <PickupTime venueId={venue.id} products={cart.lines.map((l) => l.productId)} />
      )}

      <Field label={words.name} field="name" error={errors.name}>
        <input
          {...control('name')}
          autoComplete="name"
          value={form.name}
          onChange={(e) => update('name', e.target.value)}
        />
      </Field>

      <Field label={words.phone} field="phone" error={errors.phone} hint={words.phoneHint}>
        <input
          {...control('phone')}
          aria-describedby={describedBy('phone', `${fieldId('phone')}-hint`)}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          value={form.phone}
          onChange={(e) => update('phone', e.target.value)}
        />
      </Field>

      {form.mode === 'delivery' && (
        <Field label={words.address} field="address" error={errors.address}>
          <textarea
            {...control('address', 'textarea')}
            autoComplete="street-address"
            rows={2}
            value={form.address}
            onChange={(e) => update('address', e.target.value)}
          />
        </Field>
      )}

      <Field
        label={words.note}
        field="note"
        error={errors.note}
        hint={words.noteCount({ length: String(form.note.length), max: String(LIMITS.orderNoteMax) })}
      >
        <textarea
          {...control('note', 'textarea')}
          aria-describedby={describedBy('note', `${fieldId('note')}-hint`)}
          rows={2}
          value={form.note}
          onChange={(e) => update('note', e.target.value)}
        />
      </Field>

      <RadioGroup
        name="tip"
        legend={words.tip}
        firstId={`${fieldId('tip')}-0`}
        errorFor={fieldId('tip')}
        error={errors.tip}
        options={tipOptions(words)}
        value={form.tip}
        onChange={(tip) => update('tip', tip)}
      >
        {form.tip === 'custom' && (
          <div className="mt-2">
            <label htmlFor={fieldId('tip')} className="label text-base-content">
              {words.tipAmount({ currency: venue.currency })}
            </label>
            <input
              {...control('tip')}
              className={`${control('tip').className} max-w-40`}
              inputMode="decimal"
              value={form.tipCustom}
              onChange={(e) => update('tipCustom', e.target.value)}
            />
          </div>
        )}
      </RadioGroup>

      <RadioGroup
        name="payment"
        legend={words.payment}
        firstId={fieldId('payment')}
        errorFor={fieldId('payment')}
        error={errors.payment}
        hint={{
          id: `${uid}-payment-hint`,
          text: onlineChoicesOf(onlineMethods[venue.id]).length ? words.paymentHintOnline : words.paymentHint,
        }}
        options={[
          ...PAYMENT_METHODS.map((value) => ({ value, label: words[value] })),
          ...onlineChoicesOf(onlineMethods[venue.id]).map((value) => ({
            value,
            label: value === 'online-bizum' ? words.payNowBizum : words.payNowCard,
          })),
        ]}
        value={form.payment}
        onChange={(payment) => update('payment', payment)}
      />

      <TotalsSummary totals={totals} delivery={form.mode === 'delivery'} money={money} />

      {blockers.length > 0 && !notice?.fromBlockers && (
        <div
          role="status"
          className="rounded-box border border-warning bg-warning/15 p-3 text-sm"
          data-testid="checkout-blockers"
        >
          {blockers.map((b) => (
            <p key={b.kind}>{blockerText(b, venue)}</p>
          ))}
        </div>
      )}

      {priceChange && (
        <PriceChangeNotice
          change={priceChange}
          lines={cart.lines}
          money={money}
          busy={submitting}
          headingRef={priceRef}
          onAccept={() => acceptNewPrices(venue)}
          onBack={onBack}
        />
      )}

      {notice && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="alert"
          className="rounded-box border border-error bg-error/10 p-3 text-sm"
          data-testid="checkout-notice"
        >
          <p>{notice.text}</p>
          {notice.link && (
            <a className="link font-semibold" href={localPath('/pedidos')}>
              {words.seeOrders}
            </a>
          )}
        </div>
      )}

      {!loggedIn && <p className="text-sm text-base-content/80">{words.signInNote}</p>}

      <div
        className="sticky bottom-0 z-10 -mx-4 flex gap-2 border-t border-base-300 bg-base-100 px-4 py-3"
        data-testid="checkout-footer"
      >
        <button type="button" className="btn btn-ghost min-h-11" onClick={onBack}>
          {words.backToCart}
        </button>
        <button
          type="submit"
          className="btn btn-primary min-h-11 flex-1"
          aria-disabled={submitting || !online ? true : undefined}
          data-testid="confirm-order"
        >
          {submitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {shortfall && !submitting
            ? words.minimumButton({ missing: formatMoney(shortfall.missing, venue.currency, venue.locale) })
            : words.confirm}
        </button>
      </div>
      <p className="sr-only" role="status">
        {submitting ? words.sending : ''}
      </p>
    </form>
  );
}

function Field(props: {
  label: string;
  field: CheckoutField;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const id = fieldId(props.field);
  return (
    <div>
      <label htmlFor={id} className="label mb-1 font-medium text-base-content">
        {props.label}
      </label>
      {props.children}
      {props.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/80">
          {props.hint}
        </p>
      )}
      <FieldError fieldId={id} message={props.error} />
    </div>
  );
}
