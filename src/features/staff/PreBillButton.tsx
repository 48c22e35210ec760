/**
 * «Imprimir cuenta» (docs/rules.md#the-floor): the table's bill before paying, marked «Esto no es una factura». The
 * print agent prints it on the printer of station `caja`; a venue without one prints it here, from the browser, on
 * an 80 mm roll (prebill-print.tsx). Exported for the floor view too (src/features/staff/index.ts).
 */
import { useState } from 'react';
import { problemMessage } from '../../lib/http.ts';
import { toast } from '../../shell/toast.ts';
import { requestPreBill } from './api.ts';
import { printPreBill } from './prebill-print.tsx';

export const PRE_BILL_WORDS = {
  button: 'Imprimir cuenta',
  sent: (table: string) => `Cuenta de la mesa ${table} enviada a la impresora de caja.`,
  failed: (table: string, why: string) => `No se pudo imprimir la cuenta de la mesa ${table}. ${why}`,
} as const;

export function PreBillButton({ venueId, table }: { venueId: string; table: string }) {
  const [busy, setBusy] = useState(false);
  const print = async () => {
    setBusy(true);
    try {
      const { jobs, prebill } = await requestPreBill(venueId, table);
      if (jobs.length) toast.success(PRE_BILL_WORDS.sent(table), { id: `prebill-${table}`, testId: 'prebill-toast' });
      else printPreBill(prebill);
    } catch (error) {
      toast.error(PRE_BILL_WORDS.failed(table, problemMessage(error)), {
        id: `prebill-error-${table}`,
        testId: 'table-error-toast',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      data-testid="board-table-prebill"
      aria-label={`${PRE_BILL_WORDS.button}, Mesa ${table}`}
      aria-disabled={busy ? true : undefined}
      className="btn btn-outline min-h-11 aria-disabled:cursor-wait aria-disabled:opacity-70"
      onClick={() => {
        if (!busy) void print();
      }}
    >
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {PRE_BILL_WORDS.button}
    </button>
  );
}
