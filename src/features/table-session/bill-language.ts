/**
 * The bill in the page's language (docs/architecture.md#languages): every line named from the
 * menu the page shows (`$menuNames`, by dish id, found through the round line it came from), and
 * money written in the page's locale. The server names lines in the venue's own language.
 */
import type { TableBill } from '../../contract/bill.ts';
import type { OrderLine } from '../../contract/order.ts';

type Names = ReadonlyMap<string, string>;

function named(line: OrderLine, names: Names): OrderLine {
  return {
    ...line,
    name: names.get(line.productId) ?? line.name,
    options: line.options.map((o) => ({ ...o, name: names.get(`${line.productId}/${o.id}`) ?? o.name })),
  };
}

/** `bill` as a page in another language shows it; the same bill when the page knows no names. */
export function billInPageLanguage(bill: TableBill, names: Names, locale: string): TableBill {
  if (names.size === 0 && locale === bill.locale) return bill;
  const dishOf = new Map<string, string>();
  for (const round of bill.rounds)
    for (const line of round.lines) if (line.cartLineId) dishOf.set(line.cartLineId, line.productId);
  return {
    ...bill,
    locale,
    lines: bill.lines.map((line) => {
      const dish = dishOf.get(line.cartLineId);
      const name = dish ? names.get(dish) : undefined;
      return name ? { ...line, name } : line;
    }),
    rounds: bill.rounds.map((round) => ({ ...round, lines: round.lines.map((line) => named(line, names)) })),
  };
}
