/**
 * The checkout step of the cart drawer (product.md §4): mode, table, name,
 * phone, address, note, tip, payment, totals and `Confirmar pedido`.
 * Form values are saved per venue on every change, so a sign-in round trip or
 * a reload brings them back; nothing is sent until every field is valid.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '../../contract/limits.ts';
import type { PriceChange } from '../../contract/order.ts';
import { formatMoney, currencyDigits } from '../../lib/money.ts';
import { $online } from '../../lib/online.ts';
import { openState } from '../../lib/time.ts';
import { toast } from '../../shell/toast.ts';
import type { Cart } from '../cart/cart.ts';
import { $carts, clearCart, closeCart } from '../cart/store.ts';
import { $auth, currentUserName, goToLogin, whenAuthReady } from './session.ts';
import { $checkoutStep, $submitting, draftOf, resetDraftAfterOrder, saveDraft } from './store.ts';
import { pendingToResume, submitOrder } from './submit.ts';
import { applyPriceChanges, type SubmitOutcome } from './submit-core.ts';
import { computeTotals } from './totals.ts';
import {
  buildOrderInput, fieldErrorsFromProblem, firstInvalidField, initialForm, orderBlockers, tipChoiceOf, validateCheckout,
  type Blocker, type CheckoutErrors, type CheckoutField, type CheckoutForm as Form,
} from './validate.ts';
import type { CheckoutVenue } from './venue.ts';
import '../../styles/dialogs.ts';

const MODE_TEXT = { table: 'En la mesa', pickup: 'Para recoger', delivery: 'A domicilio' } as const;
const ERROR_TEXT = 'text-[#a3153a]';

interface Props {
  venue: CheckoutVenue;
  cart: Cart;
  onBack: () => void;
}

export function fieldId(field: CheckoutField): string {
  return `checkout-${field}`;
}

function blockerText(blocker: Blocker, money: (n: number) => string): string {
  switch (blocker.kind) {
    case 'empty': return 'Tu carrito está vacío. Añade algo del menú para hacer un pedido.';
    case 'offline': return 'Sin conexión: no podemos enviar tu pedido ahora. Tu carrito y tus datos se guardan; vuelve a intentarlo cuando tengas conexión.';
    case 'closed': return 'El local está cerrado ahora y no acepta pedidos. Tu carrito se guarda para cuando abra.';
    case 'tooManyLines': return `Un pedido admite como máximo ${LIMITS.linesPerOrder} líneas; el tuyo tiene ${blocker.count}. Elimina alguna para continuar.`;
    case 'badQuantity': return `Cada producto admite de ${LIMITS.quantityMin} a ${LIMITS.quantityMax} unidades. Revisa las cantidades.`;
    case 'belowMinimum': return `El pedido mínimo de este local es ${money(blocker.minOrder)}. Te faltan ${money(blocker.missing)}.`;
  }
}

export function CheckoutForm({ venue, cart, onBack }: Props) {
  const money = (minor: number) => formatMoney(minor, venue.currency, venue.locale);
  const digits = currencyDigits(venue.currency);
  const online = useStore($online);
  const submitting = useStore($submitting);
  const [form, setForm] = useState<Form>(() => loadForm(venue));
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [notice, setNotice] = useState<{ text: string; link?: boolean; fromBlockers?: boolean } | null>(null);
  const [priceChange, setPriceChange] = useState<{ changes: PriceChange[]; total: number | null } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const noticeRef = useRef<HTMLDivElement>(null);
  const priceRef = useRef<HTMLHeadingElement>(null);
  const uid = useId();

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  // Resend an order interrupted by a reload (same key and body: never a second order).
  useEffect(() => {
    let active = true;
    void whenAuthReady().then((session) => {
      if (!active) return;
      // Prefill the name of the signed-in diner when the form has none.
      const name = session.user?.name;
      if (name) setForm((current) => (current.name ? current : { ...current, name }));
      const input = pendingToResume(venue.id);
      if (input && $online.get() && session.loggedIn) {
        setNotice({ text: 'Terminando de enviar tu pedido…' });
        void submitOrder(input).then((outcome) => active && handleOutcome(outcome));
      }
    });
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const tip = tipChoiceOf(form, digits) ?? { kind: 'amount' as const, amount: 0 };
  const totals = computeTotals(cart.lines, { tip, mode: form.mode, deliveryFee: venue.deliveryFee });
  const openNow = useMemo(() => openState(venue.hours, venue.timezone, new Date(now)).open, [venue, now]);
  const blockers = orderBlockers({ lines: cart.lines, subtotal: totals.subtotal, minOrder: venue.minOrder, openNow, online })
    .filter((b) => b.kind !== 'empty');
  const blockerKey = blockers.map((b) => b.kind).join(',');
  useEffect(() => {
    // The refusal the diner was shown no longer holds (back online, cart changed): drop it.
    setNotice((current) => (current?.fromBlockers ? null : current));
  }, [blockerKey]);

  function update<K extends keyof Form>(key: K, value: Form[K]): void {
    const next = { ...form, [key]: value };
    setForm(next);
    saveDraft(venue.id, next);
    if (errors[key as CheckoutField]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function focusField(field: CheckoutField): void {
    const el = document.getElementById(fieldId(field));
    el?.focus();
    el?.scrollIntoView?.({ block: 'center' });
  }

  function showNotice(text: string, link = false, fromBlockers = false): void {
    setNotice({ text, ...(link ? { link } : {}), ...(fromBlockers ? { fromBlockers } : {}) });
    requestAnimationFrame(() => reveal(noticeRef.current));
  }

  /** Focus and bring into view above the sticky buttons. */
  function reveal(element: HTMLElement | null): void {
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'center' });
  }

  function handleOutcome(outcome: SubmitOutcome): void {
    switch (outcome.kind) {
      case 'created': {
        clearCart(venue.id);
        resetDraftAfterOrder(venue.id);
        $checkoutStep.set('cart');
        closeCart();
        toast.success(`Pedido ${outcome.order.number} enviado`);
        location.assign(`/pedidos/ver?id=${encodeURIComponent(outcome.order.id)}`);
        return;
      }
      case 'priceChanged':
        setNotice(null);
        setPriceChange({ changes: outcome.changes, total: outcome.total });
        requestAnimationFrame(() => reveal(priceRef.current));
        return;
      case 'fieldErrors': {
        const mapped = fieldErrorsFromProblem(outcome.errors);
        setErrors(mapped);
        const first = firstInvalidField(mapped);
        if (first) {
          setNotice(null);
          focusField(first);
        } else showNotice(outcome.message);
        return;
      }
      case 'unauthorized':
        saveDraft(venue.id, form, true);
        goToLogin(`/${venue.id}?checkout=1`);
        return;
      case 'alreadyPlaced':
        showNotice(outcome.message, true);
        return;
      case 'refused':
        showNotice(outcome.message);
        return;
      case 'unknown':
        showNotice(`${outcome.message} Tu pedido está guardado: pulsa «Confirmar pedido» para reintentar; no se duplicará.`);
        return;
    }
  }

  async function place(lines = cart.lines): Promise<void> {
    if ($submitting.get()) return;
    const currentTip = tipChoiceOf(form, digits);
    if (!currentTip) return;
    const currentTotals = computeTotals(lines, { tip: currentTip, mode: form.mode, deliveryFee: venue.deliveryFee });
    const input = buildOrderInput(venue.id, form, lines, currentTip, currentTotals.total);
    handleOutcome(await submitOrder(input));
  }

  function onSubmit(event: React.SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (submitting) return;
    setPriceChange(null);
    const found = validateCheckout(form, venue, digits);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      setNotice(null);
      focusField(first);
      return;
    }
    if (blockers.length > 0) {
      showNotice(blockers.map((b) => blockerText(b, money)).join(' '), false, true);
      return;
    }
    setNotice(null);
    void whenAuthReady().then((session) => {
      if (!session.loggedIn) {
        saveDraft(venue.id, form, true);
        goToLogin(`/${venue.id}?checkout=1`);
        return;
      }
      void place();
    });
  }

  function acceptNewPrices(): void {
    if (!priceChange) return;
    const current = $carts.get()[venue.id];
    if (!current) return;
    const lines = applyPriceChanges(current.lines, priceChange.changes);
    $carts.set({ ...$carts.get(), [venue.id]: { ...current, lines, updatedAt: new Date().toISOString() } });
    setPriceChange(null);
    // A changed body needs a new Idempotency-Key: the refused attempt's key was dropped.
    void place(lines);
  }

  const describedBy = (field: CheckoutField, extra?: string) =>
    [errors[field] ? `${fieldId(field)}-error` : null, extra].filter(Boolean).join(' ') || undefined;
  const errorText = (field: CheckoutField) =>
    errors[field] ? (
      <p id={`${fieldId(field)}-error`} className={`mt-1 text-sm font-medium ${ERROR_TEXT}`}>
        {errors[field]}
      </p>
    ) : null;
  const inputClass = (field: CheckoutField) => `input w-full min-h-11 ${errors[field] ? 'input-error' : ''}`;

  const loggedIn = useStore($auth).loggedIn;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby={`${uid}-title`} data-testid="checkout-form">
      <details className="rounded-box bg-base-200 px-3" data-testid="checkout-summary">
        <summary className="flex min-h-11 cursor-pointer items-center font-medium">
          Tu pedido: {cart.lines.length} {cart.lines.length === 1 ? 'producto' : 'productos'} · {money(totals.subtotal)}
        </summary>
        <ul className="pb-3 text-sm">
          {cart.lines.map((line) => (
            <li key={line.key} className="flex justify-between gap-3 py-1">
              <span>
                {line.quantity} × {line.name}
                {line.optionNames.length > 0 ? ` (${line.optionNames.join(', ')})` : ''}
              </span>
              <span className="whitespace-nowrap tabular-nums">{money(line.unitPrice * line.quantity)}</span>
            </li>
          ))}
        </ul>
      </details>

      <h3 id={`${uid}-title`} className="text-lg font-bold">Datos del pedido</h3>

      <fieldset className="fieldset" aria-describedby={describedBy('mode')}>
        <legend className="fieldset-legend text-base">¿Cómo quieres tu pedido?</legend>
        <div className="flex flex-wrap gap-2">
          {venue.orderModes.map((mode, i) => (
            <label key={mode} className="label min-h-11 cursor-pointer gap-2 rounded-field border border-base-300 px-3 text-base-content has-checked:border-primary-strong has-checked:bg-primary/10">
              <input
                type="radio"
                className="radio radio-sm"
                name="mode"
                value={mode}
                id={i === 0 ? fieldId('mode') : undefined}
                checked={form.mode === mode}
                onChange={() => update('mode', mode)}
              />
              {MODE_TEXT[mode]}
            </label>
          ))}
        </div>
        {errorText('mode')}
      </fieldset>

      {form.mode === 'table' && (
        <Field label="Número de mesa" field="table" error={errorText('table')}>
          {venue.tables && venue.tables.length > 0 ? (
            <select
              id={fieldId('table')}
              className={`select w-full min-h-11 ${errors.table ? 'select-error' : ''}`}
              value={form.table}
              aria-invalid={errors.table ? true : undefined}
              aria-describedby={describedBy('table')}
              onChange={(e) => update('table', e.target.value)}
            >
              <option value="">Elige tu mesa</option>
              {!venue.tables.includes(form.table) && form.table !== '' && <option value={form.table}>Mesa {form.table}</option>}
              {venue.tables.map((t) => <option key={t} value={t}>Mesa {t}</option>)}
            </select>
          ) : (
            <input
              id={fieldId('table')}
              className={inputClass('table')}
              inputMode="numeric"
              maxLength={20}
              value={form.table}
              aria-invalid={errors.table ? true : undefined}
              aria-describedby={describedBy('table')}
              onChange={(e) => update('table', e.target.value)}
            />
          )}
        </Field>
      )}

      <Field label="Nombre" field="name" error={errorText('name')}>
        <input
          id={fieldId('name')}
          className={inputClass('name')}
          autoComplete="name"
          value={form.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          onChange={(e) => update('name', e.target.value)}
        />
      </Field>

      <Field label="Teléfono" field="phone" error={errorText('phone')} hint="Por si el local necesita llamarte.">
        <input
          id={fieldId('phone')}
          type="tel"
          className={inputClass('phone')}
          autoComplete="tel"
          inputMode="tel"
          value={form.phone}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describedBy('phone', `${fieldId('phone')}-hint`)}
          onChange={(e) => update('phone', e.target.value)}
        />
      </Field>

      {form.mode === 'delivery' && (
        <Field label="Dirección de entrega" field="address" error={errorText('address')}>
          <textarea
            id={fieldId('address')}
            className={`textarea w-full min-h-11 ${errors.address ? 'textarea-error' : ''}`}
            autoComplete="street-address"
            rows={2}
            value={form.address}
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={describedBy('address')}
            onChange={(e) => update('address', e.target.value)}
          />
        </Field>
      )}

      <Field
        label="Nota para el local (opcional)"
        field="note"
        error={errorText('note')}
        hint={`${form.note.length}/${LIMITS.orderNoteMax} caracteres`}
      >
        <textarea
          id={fieldId('note')}
          className={`textarea w-full min-h-11 ${errors.note ? 'textarea-error' : ''}`}
          rows={2}
          value={form.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy('note', `${fieldId('note')}-hint`)}
          onChange={(e) => update('note', e.target.value)}
        />
      </Field>

      <fieldset className="fieldset" aria-describedby={describedBy('tip')}>
        <legend className="fieldset-legend text-base">Propina</legend>
        <div className="flex flex-wrap gap-2">
          {(['0', '10', '15', 'custom'] as const).map((value, i) => (
            <label key={value} className="label min-h-11 cursor-pointer gap-2 rounded-field border border-base-300 px-3 text-base-content has-checked:border-primary-strong has-checked:bg-primary/10">
              <input
                type="radio"
                className="radio radio-sm"
                name="tip"
                value={value}
                id={i === 0 ? `${fieldId('tip')}-0` : undefined}
                checked={form.tip === value}
                onChange={() => update('tip', value)}
              />
              {value === '0' ? 'Sin propina' : value === 'custom' ? 'Otra cantidad' : `${value} %`}
            </label>
          ))}
        </div>
        {form.tip === 'custom' && (
          <div className="mt-2">
            <label htmlFor={fieldId('tip')} className="label text-base-content">Importe de la propina ({venue.currency})</label>
            <input
              id={fieldId('tip')}
              className={`${inputClass('tip')} max-w-40`}
              inputMode="decimal"
              value={form.tipCustom}
              aria-invalid={errors.tip ? true : undefined}
              aria-describedby={describedBy('tip')}
              onChange={(e) => update('tipCustom', e.target.value)}
            />
          </div>
        )}
        {errorText('tip')}
      </fieldset>

      <fieldset className="fieldset" aria-describedby={describedBy('payment', `${uid}-payment-hint`)}>
        <legend className="fieldset-legend text-base">Pago</legend>
        <p id={`${uid}-payment-hint`} className="text-sm text-base-content/80">Pagas en el local o al recibir el pedido.</p>
        <div className="flex flex-wrap gap-2">
          {(['cash', 'card'] as const).map((value, i) => (
            <label key={value} className="label min-h-11 cursor-pointer gap-2 rounded-field border border-base-300 px-3 text-base-content has-checked:border-primary-strong has-checked:bg-primary/10">
              <input
                type="radio"
                className="radio radio-sm"
                name="payment"
                value={value}
                id={i === 0 ? fieldId('payment') : undefined}
                checked={form.payment === value}
                onChange={() => update('payment', value)}
              />
              {value === 'cash' ? 'Efectivo' : 'Tarjeta'}
            </label>
          ))}
        </div>
        {errorText('payment')}
      </fieldset>

      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-box bg-base-200 p-3" data-testid="checkout-totals">
        <dt>Subtotal</dt>
        <dd className="text-right tabular-nums">{money(totals.subtotal)}</dd>
        <dt>Propina</dt>
        <dd className="text-right tabular-nums">{money(totals.tip)}</dd>
        {form.mode === 'delivery' && (
          <>
            <dt>Envío</dt>
            <dd className="text-right tabular-nums">{money(totals.deliveryFee)}</dd>
          </>
        )}
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-right text-lg font-bold tabular-nums" data-testid="checkout-total">{money(totals.total)}</dd>
      </dl>

      {blockers.length > 0 && !notice?.fromBlockers && (
        <div role="status" className="rounded-box border border-warning bg-warning/15 p-3 text-sm" data-testid="checkout-blockers">
          {blockers.map((b) => <p key={b.kind}>{blockerText(b, money)}</p>)}
        </div>
      )}

      {priceChange && (
        <section className="rounded-box border-2 border-warning bg-warning/15 p-3" aria-labelledby={`${uid}-prices`} data-testid="price-change">
          <h4 id={`${uid}-prices`} ref={priceRef} tabIndex={-1} className="font-bold">Algunos precios han cambiado</h4>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {priceChange.changes.map((c) => {
              // "Before" is what this diner saw: the price kept in their cart line.
              const before = cart.lines[c.index]?.unitPrice ?? c.expectedUnitPrice;
              if (before === c.unitPrice) return null;
              return (
                <li key={`${c.index}-${c.productId}`}>
                  {c.name} ({c.quantity} ×): {before !== undefined ? <>antes <s>{money(before)}</s>, </> : null}ahora{' '}
                  <strong>{money(c.unitPrice)}</strong>
                </li>
              );
            })}
          </ul>
          {priceChange.total !== null && <p className="mt-2 font-semibold">Nuevo total: {money(priceChange.total)}</p>}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary min-h-11" onClick={acceptNewPrices} disabled={submitting}>
              Aceptar nuevos precios
            </button>
            <button type="button" className="btn btn-ghost min-h-11" onClick={onBack}>Revisar carrito</button>
          </div>
        </section>
      )}

      {notice && (
        <div ref={noticeRef} tabIndex={-1} role="alert" className="rounded-box border border-error bg-error/10 p-3 text-sm" data-testid="checkout-notice">
          <p>{notice.text}</p>
          {notice.link && <a className="link font-semibold" href="/pedidos">Ver mis pedidos</a>}
        </div>
      )}

      {!loggedIn && (
        <p className="text-sm text-base-content/80">
          Para confirmar tendrás que iniciar sesión. Guardamos tu carrito y estos datos y volverás aquí.
        </p>
      )}

      <div className="sticky bottom-0 -mx-4 flex gap-2 border-t border-base-300 bg-base-100 px-4 py-3">
        <button type="button" className="btn btn-ghost min-h-11" onClick={onBack}>Volver al carrito</button>
        <button
          type="submit"
          className="btn btn-primary min-h-11 flex-1"
          aria-disabled={submitting || !online ? true : undefined}
          data-testid="confirm-order"
        >
          {submitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Confirmar pedido
        </button>
      </div>
      <p className="sr-only" role="status">{submitting ? 'Enviando tu pedido…' : ''}</p>
    </form>
  );
}

function Field(props: { label: string; field: CheckoutField; error: ReactNode; hint?: string; children: ReactNode }) {
  const id = fieldId(props.field);
  return (
    <div>
      <label htmlFor={id} className="label mb-1 font-medium text-base-content">{props.label}</label>
      {props.children}
      {props.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-base-content/80">
          {props.hint}
        </p>
      )}
      {props.error}
    </div>
  );
}

function loadForm(venue: CheckoutVenue): Form {
  const params = typeof location === 'undefined' ? null : new URLSearchParams(location.search);
  const table = params?.get('mesa')?.trim().slice(0, 20) || null;
  const base = initialForm(venue, table, currentUserName());
  const draft = draftOf(venue.id)?.form;
  if (!draft) return base;
  const merged: Form = { ...draft };
  if (!merged.mode || !venue.orderModes.includes(merged.mode)) merged.mode = base.mode;
  if (table && venue.orderModes.includes('table')) {
    merged.mode = 'table';
    merged.table = table;
  }
  if (!merged.name) merged.name = base.name;
  return merged;
}
