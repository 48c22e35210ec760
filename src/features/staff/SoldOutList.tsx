/**
 * The board's quick "Agotado" list (docs/rules.md#venue-self-service): every dish of the venue with a switch to
 * mark it sold out and back (`PATCH /venues/{id}/products/{productId}` `{available}` —
 * what staff may change). Loaded only when opened.
 */
import { useState } from 'react';
import { Venue, type Product } from '../../contract/venue.ts';
import { http, problemMessage } from '../../lib/http.ts';

export function SoldOutList({ venueId }: { venueId: string }) {
  const [products, setProducts] = useState<Array<Product & { category: string }>>();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string>();

  async function load() {
    try {
      const venue = Venue.parse(
        await http.get(`venues/${encodeURIComponent(venueId)}`, { cache: 'no-store' }).json<unknown>(),
      );
      setProducts(venue.categories.flatMap((c) => c.products.map((p) => ({ ...p, category: c.name }))));
    } catch (e) {
      setMessage(problemMessage(e));
    }
  }

  async function toggle(product: Product) {
    setBusy(product.id);
    try {
      await http
        .patch(`venues/${encodeURIComponent(venueId)}/products/${encodeURIComponent(product.id)}`, {
          json: { available: !product.available },
          retry: 0,
        })
        .json<unknown>();
      setProducts((list) => list?.map((p) => (p.id === product.id ? { ...p, available: !product.available } : p)));
      setMessage(product.available ? `${product.name}: agotado.` : `${product.name}: disponible de nuevo.`);
    } catch (e) {
      setMessage(problemMessage(e));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <details
      className="mt-4 rounded-box bg-base-100 p-3"
      data-testid="board-sold-out"
      onToggle={(e) => {
        if ((e.target as HTMLDetailsElement).open && !products) void load();
      }}
    >
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">
        Agotado: marcar platos sin existencias
      </summary>
      <p role="status" className="min-h-6 text-sm">
        {message}
      </p>
      {products && (
        <ul className="flex flex-col divide-y divide-base-200">
          {products.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-2 py-1">
              <span>
                {p.name} <span className="text-sm text-base-content/80">· {p.category}</span>
                {!p.available && <span className="badge ml-2 border-error-strong text-error-strong">Agotado</span>}
              </span>
              <button
                type="button"
                className="btn btn-sm min-h-11"
                disabled={busy === p.id}
                onClick={() => void toggle(p)}
                aria-label={p.available ? `Marcar agotado: ${p.name}` : `Volver a ofrecer: ${p.name}`}
              >
                {p.available ? 'Marcar agotado' : 'Volver a ofrecer'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
