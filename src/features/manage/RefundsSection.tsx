/**
 * `/panel/caja`'s refunds and online payments (docs/rules.md#refunds): the day's refunds, each with its rectifying
 * receipt, what it rectifies and why; and the online payments by provider («Redsys», «Bizum», «Stripe») with what
 * was refunded of them — the provider's fees are not umenu's to know, so they are left out.
 */
import type { CashDay } from '../../contract/bill.ts';
import { paidWith } from './logic.ts';

interface Props {
  day: CashDay;
  money: (minor: number) => string;
  time: (iso: string) => string;
}

export function RefundsSection({ day, money, time }: Props) {
  const refunds = day.refunds ?? [];
  const providers = day.byProvider ?? [];
  return (
    <>
      {providers.length > 0 && (
        <section
          aria-labelledby="cash-providers-title"
          className="rounded-box border border-base-300 bg-base-100 p-4"
          data-testid="cash-providers"
        >
          <h2 id="cash-providers-title" className="text-lg font-semibold">
            Cobros en línea por proveedor
          </h2>
          <div className="overflow-x-auto">
            <table className="table table-sm mt-2 sm:table-md">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Proveedor</th>
                  <th scope="col" className="text-right">
                    Cobros
                  </th>
                  <th scope="col" className="text-right">
                    Importe
                  </th>
                  <th scope="col" className="text-right">
                    Propinas
                  </th>
                  <th scope="col" className="text-right">
                    Devuelto
                  </th>
                </tr>
              </thead>
              <tbody>
                {providers.map((p) => (
                  <tr key={p.label} data-testid="cash-provider">
                    <th scope="row">{p.label}</th>
                    <td className="text-right tabular-nums">{p.count}</td>
                    <td className="text-right tabular-nums">{money(p.amount)}</td>
                    <td className="text-right tabular-nums">{money(p.tip)}</td>
                    <td className="text-right tabular-nums">{money(p.refunded)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-2 text-sm">Importes cobrados; las comisiones del proveedor no están incluidas.</p>
        </section>
      )}

      {refunds.length > 0 && (
        <section
          aria-labelledby="cash-refunds-title"
          className="rounded-box border border-base-300 bg-base-100 p-4"
          data-testid="cash-refunds"
        >
          <h2 id="cash-refunds-title" className="text-lg font-semibold">
            Devoluciones ({refunds.length})
          </h2>
          <ul className="mt-2 flex flex-col gap-2">
            {refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-baseline gap-x-2" data-testid="cash-refund">
                <a
                  className="link text-primary-strong font-semibold tabular-nums"
                  href={`/recibo/${encodeURIComponent(r.receiptId)}`}
                >
                  {r.number}
                </a>
                <span className="tabular-nums">
                  <time dateTime={r.issuedAt}>{time(r.issuedAt)}</time>
                </span>
                <span>
                  rectifica {r.rectifies} · {paidWith(r)} · «{r.reason}»
                </span>
                <span className="ml-auto font-semibold tabular-nums">−{money(r.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
