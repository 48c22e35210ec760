// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutForm } from '../../../src/features/checkout/CheckoutForm.tsx';
import { $checkoutDrafts } from '../../../src/features/checkout/store.ts';
import { $onlineMethods } from '../../../src/features/checkout/online.ts';
import { cart, taqueria } from './fixtures/venue.ts';

beforeEach(() => {
  $checkoutDrafts.set({});
  // Asked of the API once per venue: here, a venue without a payment provider unless a test says otherwise.
  $onlineMethods.set({ [taqueria.id]: [] });
  history.replaceState(null, '', '/taqueria-el-guero?mesa=12');
});
afterEach(cleanup);

const renderForm = () => render(<CheckoutForm venue={taqueria} cart={cart} onBack={() => {}} />);

/** What a screen reader reads after a control's name: the texts its `aria-describedby` names, in order. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('CheckoutForm', () => {
  it('never offers a table, even on a `?mesa=` address (a table is chosen only by its QR link), and shows the totals in the venue currency', () => {
    renderForm();
    expect(screen.queryByLabelText('En la mesa')).toBeNull();
    expect(screen.queryByLabelText('Número de mesa')).toBeNull();
    expect(
      screen.getAllByRole('radio', { name: /Para recoger|A domicilio|En la mesa/ }).map((r) => r.getAttribute('value')),
    ).toEqual(['pickup', 'delivery']);
    fireEvent.click(screen.getByLabelText('Para recoger'));
    // 2 × 45 + 65 = 155
    expect(screen.getByTestId('checkout-total').textContent).toBe('$155.00');
    fireEvent.click(screen.getByLabelText('15 %'));
    // 15 % of 155.00 = 23.25
    expect(screen.getByTestId('checkout-total').textContent).toBe('$178.25');
    fireEvent.click(screen.getByLabelText('A domicilio'));
    expect(screen.getByTestId('checkout-total').textContent).toBe('$213.25');
  });

  it('offers «Pagar ahora» by card and Bizum beside the ways to pay at the venue when the venue takes them', () => {
    const { unmount } = renderForm();
    const choices = () =>
      screen.getAllByRole('radio', { name: /Efectivo|Tarjeta|Pagar ahora/ }).map((r) => r.getAttribute('value'));
    expect(choices()).toEqual(['cash', 'card']);
    unmount();
    $onlineMethods.set({ [taqueria.id]: ['card', 'bizum'] });
    renderForm();
    expect(choices()).toEqual(['cash', 'card', 'online-card', 'online-bizum']);
    expect(screen.getByLabelText('Pagar ahora con Bizum')).toBeTruthy();
    expect(description(screen.getByRole('group', { name: 'Pago' }))).toBe(
      'Pagas en el local o al recibir el pedido, o ahora desde el móvil.',
    );
  });

  it('marks every invalid field, links the messages and focuses the first one; nothing is sent', () => {
    renderForm();
    fireEvent.click(screen.getByLabelText('Para recoger'));
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
    const name = screen.getByLabelText('Nombre');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Escribe tu nombre.');
    const phone = screen.getByLabelText('Teléfono');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(description(phone)).toMatch(/^Teléfono no válido/);
    expect(description(screen.getByRole('group', { name: 'Pago' }))).toMatch(/^Elige cómo vas a pagar\. \|/);
  });

  it('saves what the diner types so a sign-in round trip can restore it', () => {
    const first = renderForm();
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Ana García' } });
    fireEvent.click(screen.getByLabelText('Tarjeta'));
    first.unmount();
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('Nombre').value).toBe('Ana García');
    expect(screen.getByLabelText<HTMLInputElement>('Tarjeta').checked).toBe(true);
  });

  it('counts the order note characters and refuses more than 500', () => {
    renderForm();
    const note = screen.getByLabelText('Nota para el local (opcional)');
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    expect(description(note)).toBe('501/500 caracteres');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(description(note)).toMatch(/^La nota no puede pasar de 500 caracteres.* \| 501\/500 caracteres$/);
  });
});
