/**
 * A product on the menu (docs/rules.md#menu-and-money). Rendered to static HTML by
 * Astro (no JS needed to read it) and by the fallback shell in the browser.
 * The menu island finds cards by `id="product-{id}"` and updates price and
 * availability in place; both the add button and "Agotado" are always in the
 * markup so toggling one never shifts the layout.
 */
import type { Product } from '../../contract/venue.ts';
import { formatMoney } from '../../lib/money.ts';
import { fallbackLang, type TextLanguages } from '../../contract/languages.ts';
import { labelMessages, menuMessages } from './messages.ts';
import { ALLERGEN_ICONS, TAG_ICONS, allergenSymbol, tagSymbol } from './label-icons.ts';
import { mediaAttributes } from './media-srcset.ts';
import { Icon } from './Icon.tsx';
import { servedText } from './availability-words.ts';

export interface ProductCardProps {
  product: Product;
  currency: string;
  locale: string;
  apiBase: string;
  /** The first images of the menu (on screen at load) load eagerly; the rest lazily. */
  eager?: boolean;
  /** The very first ones also with `fetchpriority="high"`. */
  priority?: boolean;
  /** On a page in another language than the venue's: untranslated words get the venue's `lang`. */
  langs?: TextLanguages;
}

/** The card's image slot (`product-media` in global.css): 112 px, 128 px from 600 px (the `sm` breakpoint). */
export const CARD_IMAGE_SIZES = '(min-width: 600px) 128px, 112px';

export function ProductCard({
  product,
  currency,
  locale,
  apiBase,
  eager = false,
  priority = false,
  langs,
}: ProductCardProps) {
  const { id, name, description, price, image, tags, allergens, available } = product;
  const words = menuMessages.get();
  const labels = labelMessages.get();
  const nameId = `product-${id}-name`;
  return (
    <article
      id={`product-${id}`}
      data-product-id={id}
      data-available={available ? 'true' : 'false'}
      aria-labelledby={nameId}
      className="product-card card card-side"
    >
      <div className="product-body">
        <h3 id={nameId} className="product-name" lang={fallbackLang(product, 'name', langs)}>
          {name}
        </h3>
        <p className="product-desc" lang={fallbackLang(product, 'description', langs)}>
          {description}
        </p>
        {product.availability && product.availability.length > 0 && (
          // When it is served («Disponible de lunes a viernes, de 13:00 a 16:00»): outside it, the dialog cannot add it.
          <p className="text-sm font-medium" data-testid="product-availability">
            {servedText(product.availability)}
          </p>
        )}
        {(tags.length > 0 || allergens.length > 0) && (
          <div className="product-labels">
            {tags.map((tag) => (
              <span key={tag} className="badge badge-sm badge-ghost gap-1">
                <Icon path={TAG_ICONS[tag]} symbol={tagSymbol(tag)} className="size-3.5" />
                {labels[tag]}
              </span>
            ))}
            {allergens.length > 0 && (
              // Named in words, not only drawn: «Gluten · Lácteos · Huevo» on a line of its own, unlike
              // the diet chips (utilities the page already has: no CSS of its own).
              <ul
                className="flex w-full flex-wrap items-center gap-1 text-xs font-semibold"
                aria-label={words.allergens}
                data-testid="product-allergens"
              >
                {allergens.map((a, i) => (
                  <li key={a} data-allergen={a} className="inline-flex items-center gap-0.5">
                    {i > 0 && <span aria-hidden="true">·</span>}
                    <Icon path={ALLERGEN_ICONS[a]} symbol={allergenSymbol(a)} className="size-3.5" />
                    {labels[a]}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="product-foot">
          <p className="product-price" data-price={price}>
            {formatMoney(price, currency, locale)}
          </p>
          <button type="button" data-add={id} hidden={!available} className="btn btn-primary btn-sm product-add">
            {words.add}
            <span className="sr-only" lang={fallbackLang(product, 'name', langs)}>{` ${name}`}</span>
          </button>
          <span data-sold-out hidden={available} className="badge badge-neutral min-h-8">
            {words.soldOut}
          </span>
        </div>
      </div>
      {image && (
        <div className="product-media" style={{ backgroundColor: image.placeholder ?? '#e5e7eb' }}>
          <img
            {...mediaAttributes(image, apiBase, CARD_IMAGE_SIZES)}
            width={image.width}
            height={image.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            {...(priority ? { fetchPriority: 'high' as const } : {})}
            decoding="async"
          />
        </div>
      )}
    </article>
  );
}
