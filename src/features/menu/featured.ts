/** Featured dishes across venues for `/inspire` (pure), in the page's language (docs/architecture.md#languages). */
import type { Image, Tag, Venue } from '../../contract/venue.ts';
import { venueLanguage } from '../../contract/languages.ts';
import { messages } from '../../lib/i18n.ts';
import { localizeVenue } from './localize.ts';

/** The sections' words: Spanish here, the others in src/i18n/{lang}.json. */
export const inspireMessages = messages('inspire', {
  populares: 'Los más pedidos',
  popularesText: 'Lo que más piden los comensales.',
  novedades: 'Novedades',
  novedadesText: 'Recién llegados a la carta.',
  veganos: 'Veganos',
  veganosText: 'Sin ingredientes de origen animal.',
  vegetarianos: 'Vegetarianos',
  vegetarianosText: 'Sin carne ni pescado.',
  'sin-gluten': 'Sin gluten',
  'sin-glutenText': 'Aptos para celíacos.',
  sections: 'Secciones',
  loading: 'Cargando platos…',
  failed: 'No se pudieron cargar los platos. Comprueba tu conexión e inténtalo de nuevo.',
  at: 'en ',
});

export interface FeaturedDish {
  venueId: string;
  /** The venue's menu in the page's language (`/{id}` or `/{lang}/{id}`). */
  venuePath: string;
  /** The venue's language, when the dish has no translation into the page's (its words are the venue's). */
  fallbackLang?: string;
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

const FEATURED_SECTIONS = [
  { id: 'populares', tag: 'popular' },
  { id: 'novedades', tag: 'nuevo' },
  { id: 'veganos', tag: 'vegano' },
  { id: 'vegetarianos', tag: 'vegetariano' },
  { id: 'sin-gluten', tag: 'sin-gluten' },
] as const satisfies ReadonlyArray<{ id: string; tag: Tag }>;

/**
 * Available dishes with `tag`, taken in turns from each venue (so one big
 * menu cannot fill a section), at most `limit`.
 */
export function featuredDishes(venues: readonly Venue[], tag: Tag, limit = 8, lang?: string): FeaturedDish[] {
  const perVenue = venues.map((original) => {
    const own = venueLanguage(original);
    const v = lang ? localizeVenue(original, lang) : original;
    const venuePath = !lang || lang === own ? `/${v.id}` : `/${lang}/${v.id}`;
    const fallback = lang && lang !== own ? own : undefined;
    return v.categories
      .flatMap((c) => c.products)
      .filter((p) => p.available && p.tags.includes(tag))
      .map((p): FeaturedDish => ({
        venueId: v.id,
        venuePath,
        venueName: v.name,
        productId: p.id,
        ...(fallback && lang && !p.translations?.[lang]?.name ? { fallbackLang: fallback } : {}),
        name: p.name,
        description: p.description,
        price: p.price,
        currency: v.currency,
        locale: v.locale,
        tags: p.tags,
        ...(p.image ? { image: p.image } : {}),
      }));
  });
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

/** The sections with dishes, in `lang` (the page's: the build sets it first; Spanish when absent). */
export function featuredSections(venues: readonly Venue[], limit = 8, lang?: string): FeaturedSection[] {
  const words = inspireMessages.get();
  return FEATURED_SECTIONS.map(({ id, tag }) => ({
    id,
    title: words[id],
    description: words[`${id}Text`],
    dishes: featuredDishes(venues, tag, limit, lang),
  })).filter((s) => s.dishes.length > 0);
}
