/**
 * Icons for tags and allergens (static cards only). A diet chip never shares an allergen's
 * drawing: «Sin gluten» is the crossed-out ear of wheat, «Vegetariano» a carrot, while the
 * allergens gluten and celery keep the ear and the leaf (docs/rules.md#menu-and-money).
 */
import {
  mdiBarley,
  mdiBarleyOff,
  mdiCarrot,
  mdiCheese,
  mdiChiliHot,
  mdiCup,
  mdiEgg,
  mdiFire,
  mdiFish,
  mdiFlowerOutline,
  mdiJellyfish,
  mdiLeaf,
  mdiNewBox,
  mdiNut,
  mdiPeanut,
  mdiSeedOutline,
  mdiSnail,
  mdiSoySauce,
  mdiSprout,
  mdiStar,
} from './icon-paths.ts';
import type { Allergen, Tag, Venue } from '../../contract/venue.ts';

export const TAG_ICONS: Record<Tag, string> = {
  vegano: mdiSprout,
  vegetariano: mdiCarrot,
  'sin-gluten': mdiBarleyOff,
  picante: mdiChiliHot,
  nuevo: mdiNewBox,
  popular: mdiStar,
};

export const ALLERGEN_ICONS: Record<Allergen, string> = {
  gluten: mdiBarley,
  crustaceans: mdiJellyfish,
  eggs: mdiEgg,
  fish: mdiFish,
  peanuts: mdiPeanut,
  soy: mdiSoySauce,
  milk: mdiCheese,
  nuts: mdiNut,
  celery: mdiLeaf,
  mustard: mdiFire,
  sesame: mdiSeedOutline,
  sulphites: mdiCup,
  lupin: mdiFlowerOutline,
  molluscs: mdiSnail,
};

/** Ids of the page's symbols for a diet tag and an allergen (`IconSprite`, `Icon`'s `symbol`). */
export const tagSymbol = (tag: Tag): string => `menu-tag-${tag}`;
export const allergenSymbol = (allergen: Allergen): string => `menu-allergen-${allergen}`;

/** The symbols a venue's cards use: each tag and allergen icon once. */
export function menuIconSymbols(venue: Pick<Venue, 'categories'>): Array<{ id: string; path: string }> {
  const tags = new Set<Tag>();
  const allergens = new Set<Allergen>();
  for (const category of venue.categories) {
    for (const product of category.products) {
      for (const tag of product.tags) tags.add(tag);
      for (const allergen of product.allergens) allergens.add(allergen);
    }
  }
  return [
    ...[...tags].map((tag) => ({ id: tagSymbol(tag), path: TAG_ICONS[tag] })),
    ...[...allergens].map((allergen) => ({ id: allergenSymbol(allergen), path: ALLERGEN_ICONS[allergen] })),
  ];
}
