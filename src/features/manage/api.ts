/** The management pages' API calls (issue 11). Separate from the diner's modules: only the panel pages load them. */
import { Venue } from '../../contract/venue.ts';
import { ProductHistory, TableLink, TableList, UploadedImage, type VenueInput } from '../../contract/manage.ts';
import { Product } from '../../contract/venue.ts';
import { http, problemOf } from '../../lib/http.ts';

const venuePath = (id: string) => `venues/${encodeURIComponent(id)}`;

export async function fetchVenue(id: string): Promise<Venue> {
  return Venue.parse(await http.get(venuePath(id), { cache: 'no-store' }).json<unknown>());
}

/** Publishes the venue; `create` (a new venue) refuses to replace one that exists meanwhile (412). */
export async function saveVenue(venue: VenueInput, { create = false } = {}): Promise<Venue> {
  const headers = create ? { 'If-None-Match': '*' } : undefined;
  return Venue.parse(await http.put(venuePath(venue.id), { json: venue, retry: 0, headers }).json<unknown>());
}

/** Whether a venue with this id exists (a 404 says it does not; other failures throw). */
export async function venueExists(id: string): Promise<boolean> {
  try {
    await http.get(venuePath(id), { cache: 'no-store', retry: 0 });
    return true;
  } catch (e) {
    if (problemOf(e)?.status === 404) return false;
    throw e;
  }
}

export async function fetchTables(id: string): Promise<TableLink[]> {
  return TableList.parse(await http.get(`${venuePath(id)}/tables`, { cache: 'no-store' }).json<unknown>()).tables;
}

export async function rotateTableToken(id: string, label: string): Promise<TableLink> {
  return TableLink.parse(await http.post(`${venuePath(id)}/tables/${encodeURIComponent(label)}/token`, { retry: 0 }).json<unknown>());
}

export async function uploadImage(id: string, file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.set('file', file);
  return UploadedImage.parse(await http.post(`${venuePath(id)}/media`, { body, retry: 0, timeout: 60_000 }).json<unknown>());
}

export async function patchProduct(id: string, productId: string, patch: { available?: boolean; price?: number }) {
  return Product.parse(await http.patch(`${venuePath(id)}/products/${encodeURIComponent(productId)}`, { json: patch, retry: 0 }).json<unknown>());
}

export async function fetchHistory(id: string, productId: string): Promise<ProductHistory> {
  return ProductHistory.parse(await http.get(`${venuePath(id)}/products/${encodeURIComponent(productId)}/history`, { cache: 'no-store' }).json<unknown>());
}
