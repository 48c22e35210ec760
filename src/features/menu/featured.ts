/** Featured dishes across venues for `/inspire` (pure). */
import type { Image, Tag, Venue } from '../../contract/venue.ts';

export interface FeaturedDish {
  venueId: string;
  venueName: string;
  productId: string;
  name: string;
  description: string;
  price: number;
  currency: string;
  locale: string;
  image?: Image;
  tags: Tag[];
}

export interface FeaturedSection {
  id: string;
  title: string;
  description: string;
  dishes: FeaturedDish[];
}

export const FEATURED_SECTIONS: ReadonlyArray<{ id: string; tag: Tag; title: string; description: string }> = [
  { id: 'populares', tag: 'popular', title: 'Los más pedidos', description: 'Lo que más piden los comensales.' },
  { id: 'novedades', tag: 'nuevo', title: 'Novedades', description: 'Recién llegados a la carta.' },
  { id: 'veganos', tag: 'vegano', title: 'Veganos', description: 'Sin ingredientes de origen animal.' },
  { id: 'vegetarianos', tag: 'vegetariano', title: 'Vegetarianos', description: 'Sin carne ni pescado.' },
  { id: 'sin-gluten', tag: 'sin-gluten', title: 'Sin gluten', description: 'Aptos para celíacos.' },
];

/**
 * Available dishes with `tag`, taken in turns from each venue (so one big
 * menu cannot fill a section), at most `limit`.
 */
export function featuredDishes(venues: readonly Venue[], tag: Tag, limit = 8): FeaturedDish[] {
  const perVenue = venues.map((v) =>
    v.categories.flatMap((c) => c.products)
      .filter((p) => p.available && p.tags.includes(tag))
      .map((p): FeaturedDish => ({
        venueId: v.id, venueName: v.name, productId: p.id, name: p.name, description: p.description,
        price: p.price, currency: v.currency, locale: v.locale, tags: p.tags, ...(p.image ? { image: p.image } : {}),
      })),
  );
  const out: FeaturedDish[] = [];
  for (let round = 0; out.length < limit; round++) {
    let added = false;
    for (const list of perVenue) {
      const dish = list[round];
      if (dish && out.length < limit) {
        out.push(dish);
        added = true;
      }
    }
    if (!added) break;
  }
  return out;
}

export function featuredSections(venues: readonly Venue[], limit = 8): FeaturedSection[] {
  return FEATURED_SECTIONS.map(({ id, tag, title, description }) => ({
    id, title, description, dishes: featuredDishes(venues, tag, limit),
  })).filter((s) => s.dishes.length > 0);
}
