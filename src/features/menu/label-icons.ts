/** Icons for tags and allergens (static cards only). */
import {
  mdiBarley, mdiCheese, mdiChiliHot, mdiCup, mdiEgg, mdiFire, mdiFish,
  mdiFlowerOutline, mdiJellyfish, mdiLeaf, mdiNewBox, mdiNut, mdiPeanut, mdiSeedOutline, mdiSnail, mdiSoySauce,
  mdiSprout, mdiStar,
} from './icon-paths.ts';
import type { Allergen, Tag } from '../../contract/venue.ts';

export const TAG_ICONS: Record<Tag, string> = {
  vegano: mdiSprout,
  vegetariano: mdiLeaf,
  'sin-gluten': mdiBarley,
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
