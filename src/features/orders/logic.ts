/**
 * "Repetir pedido": rebuild cart lines from a past order against the venue's
 * current menu — only products and options still offered, at today's prices.
 */
import type { Order } from '../../contract/order.ts';
import type { Product, Venue } from '../../contract/venue.ts';
import type { NewCartLine } from '../cart/index.ts';
import { checkSetChoices, setUnitPrice } from '../../contract/set-menu.ts';
import { choiceText } from '../../shell/ui/ChoiceList.tsx';

export interface RepeatPlan {
  lines: NewCartLine[];
  /** Names of what cannot be ordered again, for the diner. */
  missing: string[];
}

export function repeatPlan(order: Pick<Order, 'lines'>, venue: Pick<Venue, 'categories'>): RepeatPlan {
  const products = new Map<string, Product>();
  for (const category of venue.categories) for (const product of category.products) products.set(product.id, product);
  const lines: NewCartLine[] = [];
  const missing: string[] = [];
  for (const line of order.lines) {
    const product = products.get(line.productId);
    if (!product || !product.available) {
      missing.push(line.name);
      continue;
    }
    if (line.choices?.length) {
      // A set menu: its choices again, if its courses still offer them (docs/rules.md#set-menus-and-availability).
      const choices = line.choices.map((c) => ({
        courseId: c.courseId,
        productId: c.productId,
        optionIds: c.options.map((o) => o.id),
        ...(c.note ? { note: c.note } : {}),
      }));
      const lookup = (id: string) => products.get(id);
      if (checkSetChoices(product, choices, lookup).length > 0) {
        missing.push(product.name);
        continue;
      }
      lines.push({
        productId: product.id,
        name: product.name,
        optionIds: [],
        optionNames: [],
        choices,
        choiceNames: line.choices.map(choiceText),
        unitPrice: setUnitPrice(product, choices, lookup),
        quantity: line.quantity,
        ...(line.note ? { note: line.note } : {}),
      });
      continue;
    }
    const options = product.optionGroups.flatMap((g) => g.options);
    const chosen = line.options.map((o) => options.find((candidate) => candidate.id === o.id));
    const unavailable = line.options.filter((_, i) => !chosen[i] || !chosen[i].available);
    if (unavailable.length > 0) {
      missing.push(`${product.name} (${unavailable.map((o) => o.name).join(', ')})`);
      continue;
    }
    const current = chosen.filter((o) => o !== undefined);
    lines.push({
      productId: product.id,
      name: product.name,
      optionIds: current.map((o) => o.id),
      optionNames: current.map((o) => o.name),
      unitPrice: product.price + current.reduce((sum, o) => sum + o.priceDelta, 0),
      quantity: line.quantity,
      ...(line.note ? { note: line.note } : {}),
    });
  }
  return { lines, missing };
}
