/**
 * The interface's catalogues (docs/architecture.md#languages): every Spanish message has a
 * translation in every language, with the same placeholders, and plural messages give the
 * forms the language needs; no language carries a message Spanish does not have.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messagesToJSON } from '@nanostores/i18n';
import { UI_LANGUAGES } from '../../../src/contract/languages.ts';
import { CATALOGUES } from '../../../src/i18n/catalogues.ts';
import { pageMessages, shellMessages } from '../../../src/shell/messages.ts';
import { labelMessages, menuMessages } from '../../../src/features/menu/messages.ts';
import { homeMessages } from '../../../src/features/menu/home-messages.ts';
import { cartMessages } from '../../../src/features/cart/messages.ts';
import { billMessages } from '../../../src/features/table-session/bill-messages.ts';
import { checkoutMessages } from '../../../src/features/checkout/messages.ts';
import { orderMessages } from '../../../src/features/orders/messages.ts';
import { tableMessages } from '../../../src/features/table-session/messages.ts';
import { authMessages } from '../../../src/features/auth/messages.ts';
import { inspireMessages } from '../../../src/features/menu/featured.ts';
import { problemMessages } from '../../../src/lib/problem-messages.ts';
import { receiptListMessages } from '../../../src/lib/saved-receipts.ts';
import { receiptMessages } from '../../../src/features/receipt/messages.ts';
import { ALLERGENS, TAGS } from '../../../src/contract/venue.ts';
import { setMessages } from '../../../src/features/menu/set-messages.ts';
import { availabilityMessages } from '../../../src/features/menu/availability-words.ts';
import { setLineMessages } from '../../../src/features/cart/set-line-messages.ts';
import { guestMessages } from '../../../src/features/table-session/guest-messages.ts';
import { pauseMessages } from '../../../src/features/cart/pause-messages.ts';
import { onlinePaymentMessages } from '../../../src/features/online-payment/messages.ts';
import { pickupMessages } from '../../../src/features/checkout/pickup-messages.ts';
import { readyByMessages } from '../../../src/features/orders/ready-messages.ts';
import { readyMessages } from '../../../src/features/orders/ready-notify-messages.ts';

const BASE = messagesToJSON(
  shellMessages,
  pageMessages,
  menuMessages,
  labelMessages,
  homeMessages,
  cartMessages,
  checkoutMessages,
  orderMessages,
  tableMessages,
  authMessages,
  inspireMessages,
  problemMessages,
  billMessages,
  receiptListMessages,
  receiptMessages,
  setMessages,
  setLineMessages,
  availabilityMessages,
  guestMessages,
  pauseMessages,
  onlinePaymentMessages,
  pickupMessages,
  readyByMessages,
  readyMessages,
) as Record<string, Record<string, unknown>>;

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

/** Spanish words that belong to one country (src/contract/country-words.ts): another language may do without them. */
const COUNTRY_PLACEHOLDERS = new Set(['waiter']);
const sharedPlaceholders = (text: string) => placeholders(text).filter((p) => !COUNTRY_PLACEHOLDERS.has(p));

/** Every `messages('name', …)` in src/: a new feature's messages must join BASE above. */
function definedComponents(dir = 'src'): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...definedComponents(path));
    else if (/\.tsx?$/.test(name))
      for (const m of readFileSync(path, 'utf8').matchAll(/=\s*messages\('([\w-]+)'/g)) out.push(m[1]!);
  }
  return out;
}

describe('message catalogues', () => {
  it('knows every feature that defines messages', () => {
    expect(definedComponents().sort()).toEqual(Object.keys(BASE).sort());
  });

  it('has a catalogue for every interface language but Spanish (the base)', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(UI_LANGUAGES.filter((l) => l !== 'es').sort());
  });

  for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
    it(`${lang}: every message, with the same placeholders and its plural forms`, () => {
      const problems: string[] = [];
      for (const [component, messages] of Object.entries(BASE)) {
        const translated = (catalogue[component] ?? {}) as Record<string, unknown>;
        for (const [key, base] of Object.entries(messages)) {
          const where = `${lang} ${component}.${key}`;
          const value = translated[key];
          if (value === undefined) {
            problems.push(`${where}: missing`);
            continue;
          }
          if (typeof base === 'string') {
            if (typeof value !== 'string' || value.trim() === '') {
              problems.push(`${where}: not a text`);
              continue;
            }
            if (sharedPlaceholders(value).join() !== sharedPlaceholders(base).join())
              problems.push(`${where}: placeholders ${placeholders(value).join()} ≠ ${placeholders(base).join()}`);
          } else {
            // A plural: Spanish gives `one` and `many`; the translation gives `one` and `other`.
            const forms = value as Record<string, string>;
            if (typeof forms !== 'object' || !forms.one || !forms.other) {
              problems.push(`${where}: plural without one/other`);
              continue;
            }
            for (const form of Object.values(forms))
              if (!form.includes('{count}')) problems.push(`${where}: a plural form without {count}`);
          }
        }
        for (const key of Object.keys(translated))
          if (!(key in messages)) problems.push(`${lang} ${component}.${key}: not in Spanish`);
      }
      for (const component of Object.keys(catalogue))
        if (!(component in BASE)) problems.push(`${lang} ${component}: no such component`);
      expect(problems).toEqual([]);
    });
  }

  it('names every allergen and diet tag in every language', () => {
    const keys = Object.keys(BASE.labels!);
    for (const value of [...ALLERGENS, ...TAGS]) expect(keys).toContain(value);
    expect(CATALOGUES.en.labels).toMatchObject({
      eggs: 'Eggs',
      milk: 'Milk',
      nuts: 'Nuts',
      sulphites: 'Sulphites',
      molluscs: 'Molluscs',
    });
    expect(CATALOGUES.de.labels).toMatchObject({
      crustaceans: 'Krebstiere',
      nuts: 'Schalenfrüchte',
      molluscs: 'Weichtiere',
    });
  });

  it('keeps the Spanish words as they were', () => {
    expect(BASE.menu).toMatchObject({
      add: 'Añadir',
      soldOut: 'Agotado',
      filters: 'Filtros',
      clearFilters: 'Quitar filtros',
    });
    expect(BASE.checkout).toMatchObject({
      confirm: 'Confirmar pedido',
      pickup: 'Para recoger',
      name: 'Nombre',
      cash: 'Efectivo',
    });
    expect(BASE.table).toMatchObject({
      closed: 'Mesa cerrada',
      join: 'Unirme a la mesa',
      send: 'Enviar a cocina',
      askName: '¿Cómo te llamas?',
    });
    expect(BASE.orders).toMatchObject({
      received: 'Recibido',
      pickedUp: 'Recogido',
      nowReady: 'Tu pedido está listo',
      myOrders: 'Mis pedidos',
    });
    expect(BASE.pages).toMatchObject({
      notFound: 'This page could not be found',
      offlineTitle: 'Sin conexión',
      goHome: 'Ir al inicio',
    });
  });

  it("says the diner's screens as a native writer would, not word for word", () => {
    expect(CATALOGUES.en.table).toMatchObject({
      closed: 'Table closed',
      soldOut: 'Sold out: remove it to order',
      join: 'Join the table',
    });
    expect(CATALOGUES.en.orders).toMatchObject({ nowPreparing: 'Your order is being prepared', pickedUp: 'Picked up' });
    expect(CATALOGUES.fr.table).toMatchObject({ closed: 'Table fermée' });
    expect(CATALOGUES.de.table).toMatchObject({ closed: 'Tisch geschlossen' });
    expect(BASE.labels).toMatchObject({ eggs: 'Huevo', milk: 'Lácteos', coeliac: 'Apto para celíacos' });
  });
});

describe('plurals and numbers by the language', () => {
  it("counts by each language's rules", () => {
    expect(menuMessages.get().dishes(1)).toBe('1 plato');
    expect(menuMessages.get().dishes(3)).toBe('3 platos');
    expect(cartMessages.get().button(1)).toBe('Carrito, 1 producto');
  });
});
