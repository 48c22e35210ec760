/**
 * The one interactive island of a venue page. The menu itself is static HTML;
 * this island renders the search/filter toolbar and the product dialog, and
 * wires the static cards: filtering toggles `hidden` on them by id, "Añadir"
 * buttons open the dialog (event delegation), category tabs get scroll-spy,
 * the open-now line is computed in the venue's timezone, and the venue is
 * revalidated from the API so prices and availability are current.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mdiClose, mdiFilterVariant, mdiMagnify } from './ui-icons.ts';
import type { Allergen, Product, Tag, Venue } from '../../contract/venue.ts';
import { formatMoney } from '../../lib/money.ts';
import { openState, openStatusText, setZoneOffsets, todayHours } from '../../contract/hours.ts';
import { clock } from '../../lib/clock.ts';
import { FilterChip } from '../../shell/ui/FilterChip.tsx';
import { addDish, TableMount } from '../table/index.ts';
import { useStore } from '@nanostores/react';
import { Icon } from './Icon.tsx';
import { ALLERGEN_LABELS, DIET_FILTER_LABELS, TAG_LABELS } from '../../contract/menu-labels.ts';
import { buildIndex, filterProducts, isFiltering, resultsText, type MenuFilters } from './filter.ts';
import { optionNamesOf } from './options.ts';
import { recordVisit } from './recent.ts';
import { liveVenue } from './live-venue.ts';
import type { VenueFacts } from './venue-facts.ts';
import { whenIdle } from './idle.ts';
import { useApiBase } from './media.ts';
import { OrderDrawerLoader, type CheckoutVenue } from '../checkout/index.ts';

const $minute = clock(60_000);

// The dialog's code loads on the first "Añadir" tap, keeping it out of the first load.
const ProductDialog = lazy(() => import('./ProductDialog.tsx').then((m) => ({ default: m.ProductDialog })));

export interface MenuIslandProps {
  venueId: string;
  currency: string;
  locale: string;
  apiBase: string;
  diets: Tag[];
  allergens: Allergen[];
  /** Given by the fallback shell; otherwise read from the page's `#venue-data` JSON when first needed. */
  venue?: Venue;
  /** What a prerendered page needs at load without reading the whole menu (the fallback shell gives `venue`). */
  facts?: VenueFacts;
  /** When given, this island also hosts the (lazily loaded) cart drawer. */
  checkoutVenue?: CheckoutVenue;
  /** ETag of the prerendered menu: revalidation is a conditional request (304 = current). */
  etag?: string;
}

declare global {
  interface Window {
    /** Last time in ms to apply the search/filter results to the static cards. */
    __umenuFilterMs?: number;
    /** From the last search/filter input event to the cards being updated, in ms. */
    __umenuKeystrokeMs?: number;
    /** Set once the island handles "Añadir" clicks; before that the page's inline script queues one. */
    __umenuMenuReady?: boolean;
    __umenuPendingAdd?: string | null;
  }
}

let embedded: Venue | null | undefined;

/** The menu the page embeds (`#venue-data`), parsed on first need and kept (a big menu takes a while). */
function embeddedVenue(): Venue | null {
  if (embedded === undefined) embedded = readEmbeddedVenue();
  return embedded;
}

function readEmbeddedVenue(): Venue | null {
  const el = typeof document === 'undefined' ? null : document.getElementById('venue-data');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as Venue;
  } catch {
    return null;
  }
}

function findProduct(venue: Venue | null, id: string): Product | undefined {
  if (!venue) return undefined;
  for (const c of venue.categories) for (const p of c.products) if (p.id === id) return p;
  return undefined;
}

export default function MenuIsland(props: MenuIslandProps) {
  const { venueId, currency, locale, diets, allergens } = props;
  const apiBase = useApiBase(props.apiBase);
  // What the page knows at load: the shell's whole venue, or a prerendered page's facts.
  const facts = props.venue ?? props.facts ?? null;
  // The menu kept current from the API (a store: conditional checks while the page is visible,
  // started once it is idle); a newer version updates the static cards in place.
  const $live = useMemo(
    () => liveVenue(venueId, { venue: props.venue ?? null, etag: props.etag ?? null, updatedAt: facts?.updatedAt, soldOut: props.facts?.soldOut }),
    [venueId, props.venue, props.etag, props.facts?.soldOut, facts],
  );
  const latest = useStore($live).venue;
  /**
   * The whole menu (dialog, search): the newest from the API, the shell's, or the page's embedded
   * copy, read only when first needed, so hydrating the island never parses it.
   */
  const menu = useCallback(() => latest ?? props.venue ?? embeddedVenue(), [latest, props.venue]);
  useEffect(() => {
    if (!facts) return;
    return whenIdle(() => recordVisit(facts));
  }, [facts]);
  useEffect(() => {
    if (!latest || latest === props.venue) return;
    applyVenueToCards(latest);
    recordVisit(latest);
  }, [latest, props.venue]);

  const [query, setQuery] = useState('');
  const [chosenDiets, setChosenDiets] = useState<Tag[]>([]);
  const [excluded, setExcluded] = useState<Allergen[]>([]);
  const [panelOpen, setPanelOpen] = useState(false);
  // The filter chips are rendered once the panel is first opened (not hydrated on every page load).
  const [panelUsed, setPanelUsed] = useState(false);
  if (panelOpen && !panelUsed) setPanelUsed(true);
  const [selected, setSelected] = useState<Product | null>(null);
  const [dialogUsed, setDialogUsed] = useState(false);
  if (selected && !dialogUsed) setDialogUsed(true);
  const openerRef = useRef<HTMLElement | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Words typed into the prerendered search box before the island hydrated are kept.
  useEffect(() => {
    const typed = searchRef.current?.value ?? '';
    if (typed) setQuery(typed);
  }, []);
  /** `timeStamp` of the input event being answered (for the keystroke-latency figure). */
  const inputAt = useRef(0);

  const filters: MenuFilters = useMemo(() => ({ query, diets: chosenDiets, excluded }), [query, chosenDiets, excluded]);
  const active = isFiltering(filters);
  // The search index is only built once the diner filters (keeps hydration light on big menus).
  const [everFiltered, setEverFiltered] = useState(false);
  if (active && !everFiltered) setEverFiltered(true);
  const index = useMemo(() => {
    const whole = everFiltered ? menu() : null;
    return whole ? buildIndex(whole) : [];
  }, [menu, everFiltered]);

  // Open now / today's hours, in the venue's timezone; the clock store ticks every minute.
  const minute = useStore($minute);
  const when = latest ?? facts;
  // A prerendered page knows the venue's UTC offsets: its clock is read without Intl's zone data.
  if (props.facts?.zone) setZoneOffsets(props.facts.timezone, props.facts.zone);
  useEffect(() => {
    if (!when) return;
    // Its own idle task: without the offsets (the fallback shell), the first time-zone
    // conversion loads the zone's data (tens of ms on a phone).
    return whenIdle(() => {
      const el = document.getElementById('venue-open-status');
      if (!el) return;
      const now = new Date(minute);
      el.textContent = `${openStatusText(openState(when.hours, when.timezone, now))} · ${todayHours(when.hours, when.timezone, now)}`;
    });
  }, [when, minute]);

  // "Añadir …" buttons on the static cards open the dialog.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('[data-add]');
      if (!button) return;
      const product = findProduct(menu(), button.dataset.add ?? '');
      if (!product) return;
      openerRef.current = button;
      setSelected(product);
    };
    document.addEventListener('click', onClick);
    window.__umenuMenuReady = true;
    const pending = window.__umenuPendingAdd;
    window.__umenuPendingAdd = null;
    // Replay the tap queued before hydration: the listener above opens the dialog for it.
    if (pending) document.querySelector<HTMLElement>(`[data-add="${CSS.escape(pending)}"]`)?.click();
    return () => document.removeEventListener('click', onClick);
  }, [menu]);

  // Search and filters: which products match (the count is shown), applied to the static cards below.
  const visible = useMemo(() => (index.length === 0 ? null : new Set(filterProducts(index, filters))), [index, filters]);
  const count = visible?.size ?? null;
  useEffect(() => {
    if (!visible) return;
    const started = performance.now();
    const categoriesWithResults = new Set<string>();
    for (const p of index) {
      const card = document.getElementById(`product-${p.id}`);
      const show = visible.has(p.id);
      if (show) categoriesWithResults.add(p.categoryId);
      if (card && card.hidden === show) card.hidden = !show;
    }
    for (const section of document.querySelectorAll<HTMLElement>('[data-category-id]')) {
      const show = categoriesWithResults.has(section.dataset.categoryId ?? '');
      if (section.hidden === show) section.hidden = !show;
    }
    for (const tab of document.querySelectorAll<HTMLElement>('[data-nav-category]')) {
      const show = categoriesWithResults.has(tab.dataset.navCategory ?? '');
      if (tab.hidden === show) tab.hidden = !show;
    }
    const done = performance.now();
    window.__umenuFilterMs = done - started;
    if (inputAt.current) {
      window.__umenuKeystrokeMs = done - inputAt.current;
      inputAt.current = 0;
    }
  }, [index, visible]);

  useScrollSpy();

  const clear = () => {
    setQuery('');
    setChosenDiets([]);
    setExcluded([]);
    searchRef.current?.focus();
  };

  const closeDialog = useCallback(() => {
    setSelected(null);
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener && opener.isConnected) opener.focus();
  }, []);

  const confirm = useCallback(
    async (input: { product: Product; optionIds: string[]; quantity: number; note: string; unitPrice: number }) => {
      const { toast } = await import('../../shell/toast.ts');
      const result = addDish(
        venueId,
        {
          productId: input.product.id,
          name: input.product.name,
          optionIds: input.optionIds,
          optionNames: optionNamesOf(input.product, input.optionIds),
          unitPrice: input.unitPrice,
          quantity: input.quantity,
          ...(input.note ? { note: input.note } : {}),
        },
        { currency, locale },
      );
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      (document.querySelector('#product-dialog-title')?.closest('dialog') as HTMLDialogElement | null)?.close();
      toast.success(result.table ? 'Añadido al carrito de la mesa' : 'Añadido al carrito', { description: `${input.quantity} × ${input.product.name}`, id: 'cart-added' });
    },
    [venueId, currency, locale],
  );

  const filterCount = chosenDiets.length + excluded.length;
  return (
    <div className="flex flex-col gap-2 py-2">
      <div className="flex items-center gap-2">
        <label className="input min-h-11 flex-1">
          <Icon path={mdiMagnify} className="size-5 opacity-70" />
          <span className="sr-only">Buscar en el menú</span>
          <input
            ref={searchRef}
            type="search"
            placeholder="Buscar platos"
            value={query}
            onChange={(e) => {
              inputAt.current = e.timeStamp;
              setQuery(e.target.value);
            }}
            autoComplete="off"
            enterKeyHint="search"
          />
        </label>
        <button
          type="button"
          className="btn min-h-11"
          aria-expanded={panelOpen}
          aria-controls="menu-filters"
          onClick={() => setPanelOpen((o) => !o)}
        >
          <Icon path={mdiFilterVariant} />
          Filtros{filterCount > 0 && <span className="badge badge-sm badge-neutral">{filterCount}</span>}
        </button>
      </div>
      <div id="menu-filters" hidden={!panelOpen} className="max-h-[50dvh] overflow-y-auto rounded-box bg-base-100 p-3 shadow-sm">
        {panelUsed && diets.length > 0 && (
          <fieldset className="fieldset text-sm">
            <legend className="fieldset-legend text-base">Dieta</legend>
            <div className="flex flex-wrap gap-2">
              {diets.map((tag) => (
                <FilterChip
                  key={tag}
                  checked={chosenDiets.includes(tag)}
                  onChange={(e) => {
                    inputAt.current = e.timeStamp;
                    setChosenDiets((d) => (e.target.checked ? [...d, tag] : d.filter((t) => t !== tag)));
                  }}
                >
                  {DIET_FILTER_LABELS[tag] ?? TAG_LABELS[tag]}
                </FilterChip>
              ))}
            </div>
          </fieldset>
        )}
        {panelUsed && allergens.length > 0 && (
          <fieldset className="fieldset mt-2 text-sm">
            <legend className="fieldset-legend text-base">Sin alérgenos</legend>
            <div className="flex flex-wrap gap-2">
              {allergens.map((a) => (
                <FilterChip
                  key={a}
                  checked={excluded.includes(a)}
                  onChange={(e) => {
                    inputAt.current = e.timeStamp;
                    setExcluded((x) => (e.target.checked ? [...x, a] : x.filter((v) => v !== a)));
                  }}
                >
                  Sin {ALLERGEN_LABELS[a].toLowerCase()}
                </FilterChip>
              ))}
            </div>
          </fieldset>
        )}
      </div>
      <div className={`flex items-center justify-between gap-2 ${active ? 'min-h-11' : ''}`}>
        <p role="status" className="text-sm font-medium">
          {active && count !== null ? resultsText(count) : ''}
        </p>
        {active && (
          <button type="button" className="btn btn-ghost btn-sm min-h-11" onClick={clear}>
            <Icon path={mdiClose} className="size-4" />
            Quitar filtros
          </button>
        )}
      </div>
      {props.checkoutVenue && <OrderDrawerLoader venue={props.checkoutVenue} />}
      {facts && <TableMount venueId={venueId} venueName={facts.name} currency={currency} locale={locale} />}
      {dialogUsed && (
        <Suspense fallback={null}>
          <ProductDialog
            product={selected}
            currency={currency}
            locale={locale}
            apiBase={apiBase}
            onClose={closeDialog}
            onConfirm={(input) => void confirm(input)}
          />
        </Suspense>
      )}
    </div>
  );
}

/** Prices and availability of a newer version of the menu, applied to the static cards in place. */
function applyVenueToCards(fresh: Venue) {
  for (const c of fresh.categories) {
    for (const p of c.products) {
      const card = document.getElementById(`product-${p.id}`);
      if (!card) continue;
      const price = card.querySelector<HTMLElement>('[data-price]');
      const text = formatMoney(p.price, fresh.currency, fresh.locale);
      if (price && price.textContent !== text) price.textContent = text;
      card.dataset.available = String(p.available);
      const add = card.querySelector<HTMLElement>('[data-add]');
      const soldOut = card.querySelector<HTMLElement>('[data-sold-out]');
      if (add) add.hidden = !p.available;
      if (soldOut) soldOut.hidden = p.available;
    }
  }
}

/** Marks the tab of the category in view (`aria-current`) and keeps it visible in the tab strip. */
function useScrollSpy() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => {
      stop = watchSections();
    });
    return () => {
      cancel();
      stop?.();
    };
  }, []);
}

/** Scroll-spy over the category sections; returns its stopper. */
function watchSections(): (() => void) | undefined {
  const sections = [...document.querySelectorAll<HTMLElement>('[data-category-id]')];
  if (sections.length === 0 || typeof IntersectionObserver === 'undefined') return;
  const visible = new Map<string, number>();
  let current = '';
  const setCurrent = (id: string) => {
    if (id === current) return;
    current = id;
    for (const link of document.querySelectorAll<HTMLAnchorElement>('.category-nav a')) {
      const on = link.getAttribute('href') === `#cat-${id}`;
      if (on) {
        link.setAttribute('aria-current', 'true');
        const strip = link.closest('.category-nav');
        if (strip) strip.scrollTo({ left: link.offsetLeft - 16, behavior: 'smooth' });
      } else link.removeAttribute('aria-current');
    }
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const id = (e.target as HTMLElement).dataset.categoryId ?? '';
        if (e.isIntersecting) visible.set(id, e.boundingClientRect.top);
        else visible.delete(id);
      }
      const first = sections.find((s) => visible.has(s.dataset.categoryId ?? ''));
      if (first) setCurrent(first.dataset.categoryId ?? '');
    },
    { rootMargin: '-180px 0px -55% 0px' },
  );
  for (const s of sections) observer.observe(s);
  return () => observer.disconnect();
}
