/**
 * A product on the menu (the seed's product card). Rendered to static HTML by
 * Astro (no JS needed to read it) and by the fallback shell in the browser.
 * The menu island finds cards by `id="product-{id}"` and updates price and
 * availability in place; both the add button and "Agotado" are always in the
 * markup so toggling one never shifts the layout.
 */
import type { Product } from '../../contract/venue.ts';
import { formatMoney } from '../../lib/money.ts';
import { ALLERGEN_LABELS, TAG_LABELS } from '../../contract/menu-labels.ts';
import { ALLERGEN_ICONS, TAG_ICONS, allergenSymbol, tagSymbol } from './label-icons.ts';
import { mediaAttributes } from './media-srcset.ts';
import { Icon } from './Icon.tsx';

export interface ProductCardProps {
  product: Product;
  currency: string;
  locale: string;
  apiBase: string;
  /** The first images of the menu (on screen at load) load eagerly; the rest lazily. */
  eager?: boolean;
  /** The very first ones also with `fetchpriority="high"`. */
  priority?: boolean;
}

/** The card's image slot: `w-28` (112 px), `sm:w-32` (128 px) from 640 px. */
export const CARD_IMAGE_SIZES = '(min-width: 640px) 128px, 112px';

export function ProductCard({ product, currency, locale, apiBase, eager = false, priority = false }: ProductCardProps) {
  const { id, name, description, price, image, tags, allergens, available } = product;
  const nameId = `product-${id}-name`;
  return (
    <article
      id={`product-${id}`}
      data-product-id={id}
      data-available={available ? 'true' : 'false'}
      aria-labelledby={nameId}
      className="product-card card card-side bg-base-100 shadow-sm rounded-box p-3 gap-3 scroll-mt-44 data-[available=false]:opacity-80 [content-visibility:auto] [contain-intrinsic-size:auto_10rem]"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 id={nameId} className="font-semibold leading-snug">{name}</h3>
        <p className="text-sm text-base-content/80 line-clamp-2">{description}</p>
        {(tags.length > 0 || allergens.length > 0) && (
          <div className="flex flex-wrap items-center gap-1 mt-1">
            {tags.map((tag) => (
              <span key={tag} className="badge badge-sm badge-ghost gap-1">
                <Icon path={TAG_ICONS[tag]} symbol={tagSymbol(tag)} className="size-3.5" />
                {TAG_LABELS[tag]}
              </span>
            ))}
            {allergens.length > 0 && (
              <ul className="flex items-center gap-0.5 text-base-content/80" aria-label="Alérgenos">
                {allergens.map((a) => (
                  <li key={a}>
                    <Icon path={ALLERGEN_ICONS[a]} symbol={allergenSymbol(a)} label={`Contiene ${ALLERGEN_LABELS[a].toLowerCase()}`} className="size-4" />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <p className="font-semibold tabular-nums" data-price={price}>{formatMoney(price, currency, locale)}</p>
          <button
            type="button"
            data-add={id}
            hidden={!available}
            className="btn btn-primary btn-sm min-h-11 min-w-11 px-4"
          >
            Añadir<span className="sr-only"> {name}</span>
          </button>
          <span data-sold-out hidden={available} className="badge badge-neutral min-h-8">Agotado</span>
        </div>
      </div>
      {image && (
        <div
          className="relative w-28 sm:w-32 shrink-0 self-start aspect-[4/3] overflow-hidden rounded-lg"
          style={{ backgroundColor: image.placeholder ?? '#e5e7eb' }}
        >
          <img
            {...mediaAttributes(image, apiBase, CARD_IMAGE_SIZES)}
            width={image.width}
            height={image.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            {...(priority ? { fetchPriority: 'high' as const } : {})}
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
        </div>
      )}
    </article>
  );
}
