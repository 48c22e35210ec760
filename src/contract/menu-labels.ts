/** Spanish labels and icons for tags and allergens (API values stay English). */
import type { Allergen, Tag } from './venue.ts';

export const TAG_LABELS: Record<Tag, string> = {
  vegano: 'Vegano',
  vegetariano: 'Vegetariano',
  'sin-gluten': 'Sin gluten',
  picante: 'Picante',
  nuevo: 'Nuevo',
  popular: 'Popular',
};

/** Tags a diner filters by (diets); `picante`, `nuevo`, `popular` are shown, not filtered. */
export const DIET_TAGS: readonly Tag[] = ['vegano', 'vegetariano', 'sin-gluten'];

export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: 'Gluten',
  crustaceans: 'Crustáceos',
  eggs: 'Huevo',
  fish: 'Pescado',
  peanuts: 'Cacahuete',
  soy: 'Soja',
  milk: 'Lácteos',
  nuts: 'Frutos secos',
  celery: 'Apio',
  mustard: 'Mostaza',
  sesame: 'Sésamo',
  sulphites: 'Sulfitos',
  lupin: 'Altramuces',
  molluscs: 'Moluscos',
};
