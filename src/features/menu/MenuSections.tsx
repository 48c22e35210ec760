/** The categories with their product cards (static HTML; filtering toggles `hidden`). */
import type { Venue } from '../../contract/venue.ts';
import { ProductCard } from './ProductCard.tsx';
import { IconSprite } from './Icon.tsx';
import { menuIconSymbols } from './label-icons.ts';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { menuMessages } from './messages.ts';
import { servedText } from './availability-words.ts';

/** Images of the first cards (on screen at load at any width) load eagerly, the first two with high priority. */
const EAGER_IMAGES = 4;
const PRIORITY_IMAGES = 2;

export function MenuSections({ venue, apiBase, langs }: { venue: Venue; apiBase: string; langs?: TextLanguages }) {
  let images = 0;
  const words = menuMessages.get();
  return (
    <div id="menu-sections" className="flex flex-col gap-8 pb-24">
      {/* Each diet and allergen icon drawn once; the cards `<use>` them. */}
      <IconSprite symbols={menuIconSymbols(venue)} />
      {venue.categories.map((category) => (
        <section
          key={category.id}
          id={`cat-${category.id}`}
          data-category-id={category.id}
          aria-labelledby={`cat-${category.id}-title`}
          className="menu-category scroll-mt-44"
        >
          <h2
            id={`cat-${category.id}-title`}
            className="text-xl font-bold"
            lang={fallbackLang(category, 'name', langs)}
          >
            {category.name}
          </h2>
          {category.description && (
            <p className="text-sm text-base-content/80" lang={fallbackLang(category, 'description', langs)}>
              {category.description}
            </p>
          )}
          {(category.availableFrom || category.availableUntil) && (
            <p className="text-sm text-base-content/80">
              {words.availableBetween({
                from: category.availableFrom ?? '00:00',
                until: category.availableUntil ?? '24:00',
              })}
            </p>
          )}
          {category.availability && category.availability.length > 0 && (
            <p className="text-sm font-medium" data-testid="category-availability">
              {servedText(category.availability)}
            </p>
          )}
          <div className="mt-3 grid gap-3 md:grid-cols-2">
            {category.products.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                currency={venue.currency}
                locale={venue.locale}
                apiBase={apiBase}
                langs={langs}
                {...imageLoading(product.image ? images++ : Number.POSITIVE_INFINITY)}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function imageLoading(index: number): { eager: boolean; priority: boolean } {
  return { eager: index < EAGER_IMAGES, priority: index < PRIORITY_IMAGES };
}
