/**
 * The one interactive island of a venue page. The menu itself is static HTML;
 * this island renders the search/filter toolbar and the product dialog, and
 * wires the static cards: filtering toggles `hidden` on them by id, "Añadir"
 * buttons open the dialog (event delegation); it hosts the cart drawer and the
 * table session. What the menu does without the diner (open-now line, live
 * prices and availability, scroll-spy, visit record) is the page's own script's
 * (page-duties.ts), so this island hydrates on the first interaction
 * (`client:touch`), or at once when the page has a cart or a table seat.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mdiClose, mdiFilterVariant, mdiMagnify } from './ui-icons.ts';
import type { Allergen, Product, Tag, Venue } from '../../contract/venue.ts';
import { FilterChip } from '../../shell/ui/FilterChip.tsx';
import { addDish, replaceDish, TableMount } from '../table-session/index.ts';
import { useStore } from '@nanostores/react';
import { Icon } from './Icon.tsx';
import { ALLERGEN_LABELS } from '../../contract/menu-labels.ts';
import { $language } from '../../lib/i18n.ts';
import { inSentence, labelMessages, menuMessages } from './messages.ts';
import { localizeVenue, textLanguages } from './localize.ts';
import {
  allergensInMenu,
  buildIndex,
  dietsInMenu,
  filterProducts,
  isFiltering,
  resultsText,
  type MenuFilters,
} from './filter.ts';
import { DIET_TAGS } from '../../contract/menu-labels.ts';
import { checkVenueNow, liveVenue } from './live-venue.ts';
import { MENU_RENDERED_EVENT } from './live-events.ts';
import { readPageFacts } from './venue-facts.ts';
import { startMenuDuties } from './page-duties.ts';
import { setMenuNames } from '../cart/stored.ts';
import { EDIT_LINE_EVENT, type LineEditRequest, type NewCartLine } from '../cart/index.ts';
import { useApiBase } from './media.ts';
import { OrderDrawerLoader, checkoutVenueOf, type CheckoutVenue } from '../checkout/index.ts';

// The dialog's code loads on the first "Añadir" tap, keeping it out of the first load.
const ProductDialog = lazy(() => import('./ProductDialog.tsx').then((m) => ({ default: m.ProductDialog })));

export interface MenuIslandProps {
  venueId: string;
  currency: string;
  locale: string;
  apiBase: string;
  diets: Tag[];
  allergens: Allergen[];
  /** Given by the fallback shell; a prerendered page reads its facts (`#venue-facts`) and, once woken, its menu file (`/menus/{id}.json`). */
  venue?: Venue;
  /** When given, this island also hosts the (lazily loaded) cart drawer. */
  checkoutVenue?: CheckoutVenue;
}

declare global {
  interface Window {
    /** Last time in ms to apply the search/filter results to the static cards. */
    __umenuFilterMs?: number;
    /** From the last search/filter input event to the cards being updated, in ms. */
    __umenuKeystrokeMs?: number;
    /** Set once the island handles "Añadir" clicks and has the whole menu; before that a tap is queued. */
    __umenuMenuReady?: boolean;
    __umenuPendingAdd?: string | null;
  }
}

const builtMenus = new Map<string, Promise<Venue | null>>();

/**
 * The menu the build saw (`/menus/{id}.json`, beside the page and kept with it on the device), fetched once
 * the island wakes; the page's HTML carries only the cards. Null when it cannot be had (offline on
 * a page the service worker never kept): the next need asks again.
 */
function builtMenu(venueId: string): Promise<Venue | null> {
  let request = builtMenus.get(venueId);
  if (!request) {
    request = fetch(`/menus/${encodeURIComponent(venueId)}.json`)
      .then((response) => (response.ok ? (response.json() as Promise<Venue>) : null))
      .catch(() => null)
      .then((venue) => {
        if (!venue) builtMenus.delete(venueId);
        return venue;
      });
    builtMenus.set(venueId, request);
  }
  return request;
}

function findProduct(venue: Venue | null, id: string): Product | undefined {
  if (!venue) return undefined;
  for (const c of venue.categories) for (const p of c.products) if (p.id === id) return p;
  return undefined;
}

export default function MenuIsland(props: MenuIslandProps) {
  const { venueId, currency, locale } = props;
  const apiBase = useApiBase(props.apiBase);
  // What the page knows at load: the shell's whole venue, or a prerendered page's facts.
  const pageFacts = useMemo(() => (props.venue ? null : readPageFacts()), [props.venue]);
  const facts = props.venue ?? pageFacts;
  // The menu kept current from the API (one store per venue, started by the page's duties).
  const $live = useMemo(
    () =>
      liveVenue(venueId, {
        venue: props.venue ?? null,
        etag: pageFacts?.etag ?? null,
        updatedAt: facts?.updatedAt,
        soldOut: pageFacts?.soldOut,
      }),
    [venueId, props.venue, pageFacts, facts],
  );
  const latest = useStore($live).venue;
  // Woken on a prerendered page: ask the API now, so the dialog and search read the newest menu.
  useEffect(() => {
    if (!props.venue) checkVenueNow(venueId);
  }, [venueId, props.venue]);
  // The cards rendered again for a newer version (page-duties.ts): the filters are applied again.
  const [rendered, setRendered] = useState(0);
  useEffect(() => {
    const onRendered = () => setRendered((n) => n + 1);
    document.addEventListener(MENU_RENDERED_EVENT, onRendered);
    return () => document.removeEventListener(MENU_RENDERED_EVENT, onRendered);
  }, []);
  // A prerendered page's whole menu, fetched when the island wakes (the diner's first interaction).
  const [built, setBuilt] = useState<Venue | null>(null);
  const [builtAsked, askBuilt] = useState(0);
  useEffect(() => {
    if (props.venue) return;
    let current = true;
    void builtMenu(venueId).then((venue) => {
      if (current && venue) setBuilt(venue);
    });
    return () => {
      current = false;
    };
  }, [venueId, props.venue, builtAsked]);
  /** The whole menu (dialog, search) in the page's language: the newest from the API, the shell's, or the build's; null until one is here. */
  const lang = $language.get();
  const whole = latest ?? props.venue ?? built;
  const localized = useMemo(() => (whole ? localizeVenue(whole, lang) : null), [whole, lang]);
  const menu = useCallback(() => localized, [localized]);
  // The cart's and the table's lines show the dishes' names of this page's language.
  useEffect(() => {
    if (localized) setMenuNames(localized);
  }, [localized]);
  // The fallback shell's island runs the menu's duties (a prerendered page's own script does).
  useEffect(
    () => (props.venue ? startMenuDuties({ venueId, facts: props.venue, venue: props.venue }) : undefined),
    [venueId, props.venue],
  );

  const [query, setQuery] = useState('');
  const [chosenDiets, setChosenDiets] = useState<Tag[]>([]);
  const [excluded, setExcluded] = useState<Allergen[]>([]);
  const [panelOpen, setPanelOpen] = useState(false);
  // The filter chips are rendered once the panel is first opened (not hydrated on every page load).
  const [panelUsed, setPanelUsed] = useState(false);
  if (panelOpen && !panelUsed) setPanelUsed(true);
  const [selected, setSelected] = useState<Product | null>(null);
  // «Editar» on a set's line (the cart or the table's): the dialog opens again with its choices.
  const [editing, setEditing] = useState<LineEditRequest | null>(null);
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

  // The filter chips: those of the newest menu when the API answered one, else the page's.
  const { diets, allergens } = useMemo(() => {
    if (!latest) return { diets: props.diets, allergens: props.allergens };
    const all = buildIndex(latest);
    const present = new Set(allergensInMenu(all));
    return {
      diets: dietsInMenu(all, DIET_TAGS),
      allergens: (Object.keys(ALLERGEN_LABELS) as Allergen[]).filter((a) => present.has(a)),
    };
  }, [latest, props.diets, props.allergens]);
  // The checkout's venue (hours, modes, minimum order, fees) as the newest menu says.
  const checkoutVenue = useMemo(
    () => (props.checkoutVenue && latest ? checkoutVenueOf(latest) : props.checkoutVenue),
    [props.checkoutVenue, latest],
  );
  const filters: MenuFilters = useMemo(() => ({ query, diets: chosenDiets, excluded }), [query, chosenDiets, excluded]);
  const active = isFiltering(filters);
  // The search index is only built once the diner filters (keeps hydration light on big menus).
  const [everFiltered, setEverFiltered] = useState(false);
  if (active && !everFiltered) setEverFiltered(true);
  const index = useMemo(() => {
    // The venue's own words too (buildIndex adds every translation): a dish is found in either language.
    return everFiltered && whole ? buildIndex(whole) : [];
  }, [whole, everFiltered]);

  // "Añadir …" buttons on the static cards open the dialog, once the whole menu is here.
  useEffect(() => {
    const whole = menu();
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('[data-add]');
      if (!button) return;
      if (!whole) {
        // The menu is on its way (or asked again after a failure): the tap is replayed when it is here.
        window.__umenuPendingAdd = button.dataset.add ?? null;
        askBuilt((n) => n + 1);
        return;
      }
      const product = findProduct(whole, button.dataset.add ?? '');
      if (!product) return;
      openerRef.current = button;
      setEditing(null);
      setSelected(product);
    };
    document.addEventListener('click', onClick);
    const onEdit = (event: Event) => {
      const request = (event as CustomEvent<LineEditRequest>).detail;
      const product = findProduct(whole, request.productId);
      if (!product) return;
      openerRef.current = document.activeElement as HTMLElement | null;
      setEditing(request);
      setSelected(product);
    };
    document.addEventListener(EDIT_LINE_EVENT, onEdit);
    if (whole) {
      window.__umenuMenuReady = true;
      const pending = window.__umenuPendingAdd;
      window.__umenuPendingAdd = null;
      // Replay the tap queued before hydration: the listener above opens the dialog for it.
      if (pending) document.querySelector<HTMLElement>(`[data-add="${CSS.escape(pending)}"]`)?.click();
    }
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener(EDIT_LINE_EVENT, onEdit);
    };
  }, [menu]);

  // Search and filters: which products match (the count is shown), applied to the static cards below.
  const visible = useMemo(
    () => (index.length === 0 ? null : new Set(filterProducts(index, filters))),
    [index, filters],
  );
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
  }, [index, visible, rendered]);

  const clear = () => {
    setQuery('');
    setChosenDiets([]);
    setExcluded([]);
    searchRef.current?.focus();
  };

  const closeDialog = useCallback(() => {
    setSelected(null);
    setEditing(null);
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener && opener.isConnected) opener.focus();
  }, []);

  const confirm = useCallback(
    async ({ line, replaces }: { line: NewCartLine; replaces?: string }) => {
      const { toast } = await import('../../shell/toast.ts');
      const money = { currency, locale };
      const result = replaces ? replaceDish(venueId, replaces, line) : addDish(venueId, line, money);
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      (document.querySelector('#product-dialog-title')?.closest('dialog') as HTMLDialogElement | null)?.close();
      const words = menuMessages.get();
      toast.success(result.table ? words.addedToTableCart : words.addedToCart, {
        description: `${line.quantity} × ${line.name}`,
        id: 'cart-added',
      });
    },
    [venueId, currency, locale],
  );

  const filterCount = chosenDiets.length + excluded.length;
  const words = menuMessages.get();
  const labels = labelMessages.get();
  return (
    <div className="flex flex-col gap-2 py-2">
      <div className="flex items-center gap-2">
        <label className="input min-h-11 flex-1">
          <Icon path={mdiMagnify} className="size-5 opacity-70" />
          <span className="sr-only">{words.search}</span>
          <input
            ref={searchRef}
            type="search"
            placeholder={words.searchPlaceholder}
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
          {words.filters}
          {filterCount > 0 && <span className="badge badge-sm badge-neutral">{filterCount}</span>}
        </button>
      </div>
      <div
        id="menu-filters"
        hidden={!panelOpen}
        className="max-h-[50dvh] overflow-y-auto rounded-box bg-base-100 p-3 shadow-sm"
      >
        {panelUsed && diets.length > 0 && (
          <fieldset className="fieldset text-sm">
            <legend className="fieldset-legend text-base">{words.diet}</legend>
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
                  {tag === 'sin-gluten' ? labels.coeliac : labels[tag]}
                </FilterChip>
              ))}
            </div>
          </fieldset>
        )}
        {panelUsed && allergens.length > 0 && (
          <fieldset className="fieldset mt-2 text-sm">
            <legend className="fieldset-legend text-base">{words.withoutAllergens}</legend>
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
                  {words.without({ allergen: inSentence(labels[a], lang) })}
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
            {words.clearFilters}
          </button>
        )}
      </div>
      {checkoutVenue && <OrderDrawerLoader venue={checkoutVenue} />}
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
            langs={whole ? textLanguages(whole, lang) : undefined}
            venue={localized}
            editing={editing}
          />
        </Suspense>
      )}
    </div>
  );
}
