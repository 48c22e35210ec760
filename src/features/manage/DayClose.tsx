/**
 * `/panel/caja`'s IVA per rate and the day's close (Z report, docs/rules.md#the-bill): sales by method and rate, the
 * day's first and last receipt, and the cash expected in the till against the cash the manager counts and types.
 */
import { useState } from 'react';
import type { CashDay } from '../../contract/bill.ts';
import { parseMoneyText } from '../../contract/money-text.ts';

const METHOD_LABELS = { card: 'Tarjeta', cash: 'Efectivo' } as const;
const percent = (rate: number) => `${String(rate / 100).replace('.', ',')} %`;

export function DayClose({ day, locale, money }: { day: CashDay; locale: string; money: (minor: number) => string }) {
  const [counted, setCounted] = useState('');
  const read = counted.trim() ? parseMoneyText(counted, day.currency, locale) : undefined;
  const difference = read && 'value' in read ? read.value - day.close.cashExpected : undefined;
  const differenceText =
    difference === undefined
      ? ''
      : difference === 0
        ? 'Cuadra: el efectivo contado es el esperado.'
        : difference > 0
          ? `Sobran ${money(difference)}.`
          : `Faltan ${money(-difference)}.`;
  return (
    <>
      <section
        aria-labelledby="cash-taxes-title"
        className="rounded-box border border-base-300 bg-base-100 p-4"
        data-testid="cash-taxes"
      >
        <h2 id="cash-taxes-title" className="text-lg font-semibold">
          IVA por tipo
        </h2>
        {day.taxes.length === 0 ? (
          <p className="mt-2 text-sm">Sin ventas este día.</p>
        ) : (
          <table className="table table-sm mt-2">
            <thead className="text-base-content">
              <tr>
                <th scope="col">IVA</th>
                <th scope="col" className="text-right">
                  Base imponible
                </th>
                <th scope="col" className="text-right">
                  Cuota
                </th>
                <th scope="col" className="text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {day.taxes.map((t) => (
                <tr key={t.rate} data-testid="cash-tax-rate">
                  <th scope="row" className="whitespace-nowrap">
                    {percent(t.rate)}
                  </th>
                  <td className="text-right tabular-nums">{money(t.base)}</td>
                  <td className="text-right tabular-nums">{money(t.tax)}</td>
                  <td className="text-right tabular-nums">{money(t.base + t.tax)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section
        aria-labelledby="cash-close-title"
        className="rounded-box border border-base-300 bg-base-100 p-4"
        data-testid="cash-close"
      >
        <h2 id="cash-close-title" className="text-lg font-semibold">
          Cierre del día (informe Z)
        </h2>
        <p className="mt-2 text-sm" data-testid="cash-close-receipts">
          {day.close.receiptCount === 0
            ? 'Ningún recibo este día.'
            : `${day.close.receiptCount} ${day.close.receiptCount === 1 ? 'recibo' : 'recibos'}: del ${day.close.firstReceipt ?? ''} al ${day.close.lastReceipt ?? ''}.`}
          {/* Rectifying receipts are numbered in their own series (docs/rules.md#refunds). */}
          {day.refunds?.length
            ? ` ${day.refunds.length} ${day.refunds.length === 1 ? 'factura rectificativa' : 'facturas rectificativas'}.`
            : ''}
        </p>
        {day.close.byMethodAndRate.length > 0 && (
          <table className="table table-sm mt-2">
            <thead className="text-base-content">
              <tr>
                <th scope="col">Método</th>
                <th scope="col">IVA</th>
                <th scope="col" className="text-right">
                  Base
                </th>
                <th scope="col" className="text-right">
                  Cuota
                </th>
                <th scope="col" className="text-right">
                  Importe
                </th>
              </tr>
            </thead>
            <tbody>
              {day.close.byMethodAndRate.map((row) => (
                <tr key={`${row.method}-${row.rate}`} data-testid="cash-close-row">
                  <th scope="row">{METHOD_LABELS[row.method]}</th>
                  <td className="whitespace-nowrap">{percent(row.rate)}</td>
                  <td className="text-right tabular-nums">{money(row.base)}</td>
                  <td className="text-right tabular-nums">{money(row.tax)}</td>
                  <td className="text-right tabular-nums">{money(row.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <p>
            Efectivo esperado en caja (cobros y propinas):{' '}
            <span className="font-semibold tabular-nums" data-testid="cash-expected">
              {money(day.close.cashExpected)}
            </span>
          </p>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Efectivo contado</span>
            <input
              className="input min-h-11 w-40"
              inputMode="decimal"
              value={counted}
              onChange={(e) => setCounted(e.currentTarget.value)}
              aria-describedby="cash-counted-result"
              data-testid="cash-counted"
            />
          </label>
          <p
            id="cash-counted-result"
            role="status"
            aria-live="polite"
            className={`min-h-6 font-semibold ${difference ? 'text-error-strong' : ''}`}
            data-testid="cash-difference"
          >
            {read && 'error' in read ? 'Escribe una cantidad, p. ej. 35,00' : differenceText}
          </p>
        </div>
      </section>
    </>
  );
}
