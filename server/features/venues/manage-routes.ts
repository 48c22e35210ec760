/**
 * Venue self-service (docs/rules.md#venue-self-service): a manager replaces the venue (editor), staff and managers
 * change a dish's availability (staff) or price (managers), every change is recorded.
 * Registered on the venues feature's app (routes.ts).
 */
import { Hono } from 'hono';
import type { AccessClaims } from '../../../src/contract/auth.ts';
import type { Venue } from '../../../src/contract/venue.ts';
import { isValidVenueId } from '../../../src/contract/limits.ts';
import { canManageVenue, canRunVenue, isAdmin } from '../../../src/contract/permissions.ts';
import {
  IMAGE_SRC_MESSAGE,
  ProductPatch,
  spanishErrors,
  VENUE_MESSAGES,
  VenueInput,
  type ProductChange,
} from '../../../src/contract/manage.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { AuthService } from '../auth/index.ts';
import type { VenueStore } from './service.ts';
import type { Queryable } from '../../platform/db/database.ts';
import { routes } from '../../platform/operations.ts';
import { authenticator } from '../auth/index.ts';
import { problem, validationProblem } from '../../platform/problem.ts';
import { keepSetMenus } from './keep-sets.ts';
import { keepPause } from './keep-pause.ts';
import { publicMedia, storedMedia } from '../media/index.ts';
import { checkVenueId, getProductHistory, patchProduct, putVenue } from './operations.ts';
import { insertProductChange, productHistory } from './queries.ts';

type Field = ProductChange['field'];
interface Change {
  productId: string;
  field: Field;
  old: number | boolean;
  new: number | boolean;
}

/** Price and availability changes of the dishes present in both versions. */
export function productChanges(before: Venue, after: Venue): Change[] {
  const old = new Map(before.categories.flatMap((c) => c.products).map((p) => [p.id, p]));
  const out: Change[] = [];
  for (const p of after.categories.flatMap((c) => c.products)) {
    const prev = old.get(p.id);
    if (!prev) continue;
    if (prev.price !== p.price) out.push({ productId: p.id, field: 'price', old: prev.price, new: p.price });
    if (prev.available !== p.available)
      out.push({ productId: p.id, field: 'available', old: prev.available, new: p.available });
  }
  return out;
}

async function recordChanges(tx: Queryable, venueId: string, claims: AccessClaims, changes: Change[]): Promise<void> {
  const now = Date.now();
  for (const change of changes) {
    await insertProductChange(
      tx,
      venueId,
      change.productId,
      {
        field: change.field,
        old_value: JSON.stringify(change.old),
        new_value: JSON.stringify(change.new),
        user_id: claims.sub,
        user_name: (claims.name ?? claims.sub).slice(0, 80),
      },
      now,
    );
  }
}

/**
 * After this API's own absolute addresses are made relative (`storedMedia`), an image is either
 * one of this API's media paths or an https:// address: a plain http:// one would be blocked as
 * mixed content on the diners' phones.
 */
function refuseInsecureImages(venue: Venue): void {
  const errors: Record<string, string[]> = {};
  const check = (path: string, image: { src: string } | undefined) => {
    if (image && !image.src.startsWith('/api/media/') && !image.src.startsWith('https://'))
      errors[path] = [IMAGE_SRC_MESSAGE];
  };
  check('logo.src', venue.logo);
  check('cover.src', venue.cover);
  venue.categories.forEach((category, i) =>
    category.products.forEach((product, j) => check(`categories.${i}.products.${j}.image.src`, product.image)),
  );
  if (Object.keys(errors).length) throw problem('validation', 422, VENUE_MESSAGES.notSaved, { errors });
}

function parseVenue(value: unknown): Venue {
  const result = VenueInput.safeParse(value, { error: spanishErrors });
  if (!result.success) throw validationProblem(result.error.issues, VENUE_MESSAGES.notSaved);
  return { ...result.data, updatedAt: result.data.updatedAt ?? new Date().toISOString() };
}

/**
 * The bodies are checked here, not by `body()`: with Spanish messages and a detail that says nothing was saved.
 * `app` is the venues feature's app (routes.ts).
 */
/** What the venues' routes use (server/deps.ts gives them). */
export interface VenueRouteDeps {
  venues: VenueStore;
  auth: AuthService;
  config: Pick<ServerConfig, 'apiPublicUrl'>;
  db: Db;
}

type Translated = { translations?: Venue['translations'] };

/**
 * A saved venue keeps the translations a body leaves out (an editor that does not show them yet):
 * an item that says nothing of `translations` keeps its stored ones, by id; `{}` removes them
 * (docs/architecture.md#languages). The same for the venue's `languages`.
 */
export function keepTranslations(stored: Venue | undefined, incoming: Venue): Venue {
  if (!stored) return incoming;
  const keep = <T extends Translated>(item: T, old: Translated | undefined): T =>
    item.translations === undefined && old?.translations !== undefined
      ? { ...item, translations: old.translations }
      : item;
  const byId = <T extends { id: string }>(list: readonly T[]) => new Map(list.map((x) => [x.id, x]));
  const categories = byId(stored.categories);
  // By id across the menu: a dish moved to another category keeps its translations.
  const products = byId(stored.categories.flatMap((c) => c.products));
  return {
    ...keep(incoming, stored),
    ...(incoming.languages === undefined && stored.languages !== undefined ? { languages: stored.languages } : {}),
    categories: incoming.categories.map((category) => {
      const oldCategory = categories.get(category.id);
      return {
        ...keep(category, oldCategory),
        products: category.products.map((product) => {
          const oldProduct = products.get(product.id);
          const groups = byId(oldProduct?.optionGroups ?? []);
          const courses = byId(oldProduct?.courses ?? []);
          return {
            ...keep(product, oldProduct),
            // A set menu's courses keep theirs too (src/contract/set-menu.ts).
            ...(product.courses
              ? { courses: product.courses.map((course) => keep(course, courses.get(course.id))) }
              : {}),
            optionGroups: product.optionGroups.map((group) => {
              const options = byId(groups.get(group.id)?.options ?? []);
              return {
                ...keep(group, groups.get(group.id)),
                options: group.options.map((option) => keep(option, options.get(option.id))),
              };
            }),
          };
        }),
      };
    }),
  };
}

export function manageRoutes(app: Hono, { venues, auth, config, db }: VenueRouteDeps): void {
  const on = routes(app, authenticator(auth));
  const media = config.apiPublicUrl;

  /**
   * Whether a venue id is taken ("Nuevo local" checks it before opening the editor): always
   * 200, so the expected "no" is not a failed request in the browser's console.
   */
  on(checkVenueId, (c, { param }) => {
    const id = param('id');
    c.header('cache-control', 'no-store');
    return c.json({
      id: id.slice(0, 64),
      exists: isValidVenueId(id) && venues.get(id) !== undefined,
      valid: isValidVenueId(id),
    });
  });

  /** The editor publishes: manager of the venue or admin; only an admin creates a venue. */
  on(putVenue, async (c, { claims, json, param }) => {
    const id = param('id');
    if (!isValidVenueId(id))
      throw problem('validation', 422, VENUE_MESSAGES.badId, { errors: { id: [VENUE_MESSAGES.badIdField] } });
    const existing = venues.get(id);
    if (!existing && !isAdmin(claims.scope)) throw problem('forbidden', 403, VENUE_MESSAGES.adminCreates);
    // `If-None-Match: *` (the admin's "Nuevo local"): create only, never replace a venue made meanwhile.
    if (existing && c.req.header('if-none-match')?.trim() === '*') {
      throw problem('validation', 412, VENUE_MESSAGES.exists(id), { errors: { id: [VENUE_MESSAGES.existsField] } });
    }
    if (existing && !canManageVenue(claims.scope, id)) throw problem('forbidden', 403, VENUE_MESSAGES.managersEdit);
    const venue = keepPause(
      existing?.venue,
      keepSetMenus(
        existing?.venue,
        keepTranslations(existing?.venue, storedMedia(parseVenue((await json()).value), media)),
      ),
    );
    refuseInsecureImages(venue);
    if (venue.id !== id)
      throw problem('validation', 422, VENUE_MESSAGES.idMismatch, { errors: { id: [VENUE_MESSAGES.idMismatchField] } });
    const changes = existing ? productChanges(existing.venue, venue) : [];
    const entry = await venues.put(venue, { inTransaction: (tx) => recordChanges(tx, id, claims, changes) });
    c.header('cache-control', 'no-store');
    return c.json(publicMedia(entry.venue, media));
  });

  /** The kitchen: staff change availability; managers (and admins) also the price. */
  on(patchProduct, async (c, { claims, json, param }) => {
    const id = param('id');
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, VENUE_MESSAGES.notFound(id.slice(0, 64)));
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, VENUE_MESSAGES.notStaff);
    const { value } = await json();
    const result = ProductPatch.safeParse(value, { error: spanishErrors });
    if (!result.success) throw validationProblem(result.error.issues, VENUE_MESSAGES.notChanged);
    const patch = result.data;
    if (patch.price !== undefined && !canManageVenue(claims.scope, id))
      throw problem('forbidden', 403, VENUE_MESSAGES.managersPrice);
    const productId = param('productId');
    if (!entry.products.has(productId)) throw problem('notFound', 404, VENUE_MESSAGES.dishNotFound);
    const venue = structuredClone(entry.venue);
    for (const cat of venue.categories) {
      for (const p of cat.products) {
        if (p.id !== productId) continue;
        if (patch.price !== undefined) p.price = patch.price;
        if (patch.available !== undefined) p.available = patch.available;
      }
    }
    const changes = productChanges(entry.venue, venue);
    const product = venue.categories.flatMap((cat) => cat.products).find((p) => p.id === productId)!;
    const updated = await venues.put(venue, {
      inTransaction: (tx) => recordChanges(tx, id, claims, changes),
      event: { change: { productId, available: product.available, price: product.price } },
    });
    c.header('cache-control', 'no-store');
    return c.json(publicMedia(updated.products.get(productId)!.product, media));
  });

  /** Who changed a dish's price or availability, when, old → new (newest first). */
  on(getProductHistory, async (c, { claims, param }) => {
    const id = param('id');
    const entry = isValidVenueId(id) ? venues.get(id) : undefined;
    if (!entry) throw problem('notFound', 404, VENUE_MESSAGES.notFound(id.slice(0, 64)));
    if (!canRunVenue(claims.scope, id)) throw problem('forbidden', 403, VENUE_MESSAGES.notStaff);
    const productId = param('productId').slice(0, 100);
    const rows = await productHistory(db, id, productId);
    if (!rows.length && !entry.products.has(productId)) throw problem('notFound', 404, VENUE_MESSAGES.dishNotFound);
    c.header('cache-control', 'no-store');
    return c.json({
      productId,
      changes: rows.map((r) => ({
        at: new Date(Number(r.changed_at)).toISOString(),
        by: { id: r.user_id, name: r.user_name },
        field: r.field,
        old: JSON.parse(r.old_value) as number | boolean,
        new: JSON.parse(r.new_value) as number | boolean,
      })),
    });
  });
}
