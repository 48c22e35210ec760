/** Option choices for a product: price and min/max rules (pure). */
import type { OptionGroup, Product } from '../../contract/venue.ts';

/** Chosen option ids per group id. */
export type Selection = Record<string, string[]>;

/** Product price plus the deltas of the chosen (known, available) options, in minor units. */
export function unitPriceOf(product: Product, selection: Selection): number {
  let price = product.price;
  for (const group of product.optionGroups) {
    for (const id of selection[group.id] ?? []) {
      const option = group.options.find((o) => o.id === id);
      if (option) price += option.priceDelta;
    }
  }
  return price;
}

/** Groups whose choice count breaks their min/max (or that hold an unavailable option). */
export function missingGroups(product: Product, selection: Selection): OptionGroup[] {
  return product.optionGroups.filter((group) => {
    const chosen = (selection[group.id] ?? []).filter((id) => group.options.some((o) => o.id === id && o.available));
    return (
      chosen.length < group.min || chosen.length > group.max || chosen.length !== (selection[group.id] ?? []).length
    );
  });
}

/** Names of the chosen options, in group order. */
export function optionNamesOf(product: Product, optionIds: readonly string[]): string[] {
  const names: string[] = [];
  for (const group of product.optionGroups) {
    for (const option of group.options) if (optionIds.includes(option.id)) names.push(option.name);
  }
  return names;
}
