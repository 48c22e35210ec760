/**
 * «Por persona» (src/features/table-session/BillDialog.tsx, docs/rules.md#the-bill): once something was paid, a
 * person whose payments differ from what they ordered reads both, in the bill's money (formatted with a no-break space before «€»).
 */
import { describe, expect, it } from 'vitest';
import { perPersonShows } from '../../../src/features/table-session/logic.ts';
import { billMessages } from '../../../src/features/table-session/bill-messages.ts';
import { formatMoney } from '../../../src/lib/money.ts';

describe('«Por persona»', () => {
  it('shows what someone ordered and what they paid where they differ', () => {
    const euros = (minor: number) => formatMoney(minor, 'EUR', 'es-ES');
    const lucia = { total: 4200, paid: 2100 };
    expect(perPersonShows(lucia, 4200)).toBe('orderedAndPaid');
    expect(
      billMessages
        .get()
        .orderedPaid({ name: 'Lucía', ordered: euros(lucia.total), paid: euros(lucia.paid) })
        .replace(/\u00a0/g, ' '),
    ).toBe('Lucía: pidió 42,00 €, pagó 21,00 €');
  });

  it('shows only what was ordered before anyone paid, and where the two are the same', () => {
    expect(perPersonShows({ total: 4200, paid: 0 }, 0)).toBe('ordered');
    expect(perPersonShows({ total: 4200, paid: 4200 }, 6300)).toBe('ordered');
    // Someone who ordered nothing but paid for others.
    expect(perPersonShows({ total: 0, paid: 2100 }, 2100)).toBe('orderedAndPaid');
  });
});
