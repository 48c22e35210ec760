/** Every SQL statement of the payments feature's provider configuration (`payment_providers`). */
import type { Queryable } from '../../platform/db/database.ts';

export interface ProviderRow {
  venue_id: string;
  provider: string;
  /** JSON of the fields that are not secret (merchant code, terminal, environment, url). */
  settings: string;
  /** The secret fields' JSON, sealed (server/platform/secrets.ts). */
  secrets: string;
  updated_by: string;
  updated_at: number;
}

export const selectProvider = (q: Queryable, venueId: string) =>
  q.get<ProviderRow>(
    'SELECT venue_id, provider, settings, secrets, updated_by, updated_at FROM payment_providers WHERE venue_id = ?',
    [venueId],
  );

export const upsertProvider = (q: Queryable, row: ProviderRow) =>
  q.run(
    `INSERT INTO payment_providers (venue_id, provider, settings, secrets, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (venue_id) DO UPDATE SET provider = excluded.provider, settings = excluded.settings, secrets = excluded.secrets,
updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    [row.venue_id, row.provider, row.settings, row.secrets, row.updated_by, row.updated_at],
  );

export const deleteProvider = (q: Queryable, venueId: string) =>
  q.run('DELETE FROM payment_providers WHERE venue_id = ?', [venueId]);
