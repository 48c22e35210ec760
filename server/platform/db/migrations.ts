/**
 * The schema of both engines, as ONE numbered list of steps (`STEPS`). Step n moves the schema
 * from version n - 1 to n on SQLite and on PostgreSQL alike; table `schema_migrations` records
 * each applied step (version, name, when), on both engines. `migrate` runs the pending steps
 * inside `Db.startup` (one transaction; on PostgreSQL under an advisory lock, so instances
 * starting together migrate once).
 *
 * A step is SQL that both engines run as written. The few types that differ are named in
 * `Types` (`t.bigint`, `t.serialKey`); a statement that cannot be shared is written once per
 * engine inside `t.only({ sqlite: …, postgres: … })`, the one marker of engine-specific SQL
 * (an empty string where one engine has nothing to do).
 * tests/server/schema.test.ts compares the two engines' schemas after migration (tables,
 * columns, type families, nullability, defaults, keys, unique constraints, indexes) and fails
 * on any difference.
 *
 * ── Adding a step ──────────────────────────────────────────────────────────────────────────
 * Append ONE entry at the end of `STEPS`, e.g.
 *
 *   { name: 'table rules', up: (t) => `
 *   CREATE TABLE table_rules (venue_id TEXT NOT NULL, label TEXT NOT NULL, rule TEXT NOT NULL,
 *     created_at ${t.bigint} NOT NULL, PRIMARY KEY (venue_id, label));
 *   ` },
 *
 * - Statements are separated by `;` at the end of a line. Use `${t.bigint}` for integers that
 *   may exceed 2^31 (timestamps in ms, money sums), `INTEGER` for small counts, `TEXT` for
 *   strings, JSON and ISO dates, `${t.serialKey}` for an auto-numbered primary key.
 * - Never edit, rename, reorder or remove a step that has been merged: databases out there
 *   have run it (a database whose recorded step n has another name than step n here is
 *   refused at start). Change the schema with a new step instead (SQLite cannot drop or
 *   change a column's constraints in place: rebuild the table, as step 6 does for `orders`).
 * - Then run `npx vitest run --project server-pg tests/server/schema.test.ts`: it fails if the
 *   engines ended up with different schemas.
 *
 * Databases created before this list (SQLite `PRAGMA user_version`, PostgreSQL table
 * `schema_version`, each engine with its own hand-written steps) are adopted in place: see
 * `adoptLegacyVersion`.
 */
import type { Dialect, Queryable } from './database.ts';

/** What differs between the engines' DDL. */
export interface Types {
  readonly dialect: Dialect;
  /** 64-bit integer column (SQLite's INTEGER is 64-bit already). */
  readonly bigint: string;
  /** Auto-numbered 64-bit primary key (SQLite: an alias of the rowid). */
  readonly serialKey: string;
  /** Engine-specific SQL, written once per engine. */
  only(sql: { sqlite: string; postgres: string }): string;
}

export interface Step {
  /** Short description, stored in `schema_migrations.name` and checked at start: never change it. */
  readonly name: string;
  readonly up: (t: Types) => string;
}

const TYPES: Record<Dialect, Types> = {
  sqlite: {
    dialect: 'sqlite',
    bigint: 'INTEGER',
    serialKey: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    only: (sql) => sql.sqlite,
  },
  postgres: { dialect: 'postgres', bigint: 'BIGINT', serialKey: 'BIGSERIAL PRIMARY KEY', only: (sql) => sql.postgres },
};

export const STEPS: readonly Step[] = [
  {
    name: 'venues, users, sign-in tokens, orders',
    up: (t) => `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE venues (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  search TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE price_changes (
  venue_id TEXT NOT NULL,
  item_key TEXT NOT NULL,
  old_price ${t.bigint} NOT NULL,
  new_price ${t.bigint} NOT NULL,
  changed_at ${t.bigint} NOT NULL
);
CREATE INDEX price_changes_venue ON price_changes (venue_id, changed_at);
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  avatar TEXT,
  password_hash TEXT,
  scope TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  family_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id),
  expires_at ${t.bigint} NOT NULL,
  family_expires_at ${t.bigint} NOT NULL,
  used_at ${t.bigint},
  revoked_at ${t.bigint},
  created_at ${t.bigint} NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  number TEXT NOT NULL,
  day TEXT NOT NULL,
  status TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (venue_id, day, number)
);
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_venue_status ON orders (venue_id, status, created_at);
CREATE TABLE order_counters (venue_id TEXT NOT NULL, day TEXT NOT NULL, n ${t.bigint} NOT NULL, PRIMARY KEY (venue_id, day));
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  order_id TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL,
  PRIMARY KEY (user_id, key)
);
`,
  },
  {
    // Event log (order and venue events, resumable by id) and the shared login rate limit.
    name: 'events, login failures',
    up: (t) => `
CREATE TABLE events (
  id ${t.serialKey},
  venue_id TEXT NOT NULL,
  order_id TEXT,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL
);
CREATE INDEX events_venue ON events (venue_id, id);
CREATE INDEX events_order ON events (order_id, id);
CREATE INDEX events_created ON events (created_at);
CREATE TABLE login_failures (client_key TEXT NOT NULL, at ${t.bigint} NOT NULL);
CREATE INDEX login_failures_key ON login_failures (client_key, at);
`,
  },
  {
    // Social sign-ins halfway through (any instance may receive the provider's callback).
    name: 'social sign-ins',
    up: (t) => `
CREATE TABLE social_pending (key TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at ${t.bigint} NOT NULL);
CREATE INDEX social_pending_expires ON social_pending (expires_at);
CREATE TABLE social_codes (key TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at ${t.bigint} NOT NULL);
CREATE INDEX social_codes_expires ON social_codes (expires_at);
`,
  },
  {
    // Venue self-service: table tokens, dish change history, uploaded images (base64 text).
    name: 'table links, dish history, media',
    up: (t) => `
CREATE TABLE venue_tables (
  venue_id TEXT NOT NULL,
  label TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  created_at ${t.bigint} NOT NULL,
  PRIMARY KEY (venue_id, label)
);
CREATE TABLE product_changes (
  id ${t.serialKey},
  venue_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  field TEXT NOT NULL,
  old_value TEXT NOT NULL,
  new_value TEXT NOT NULL,
  user_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  changed_at ${t.bigint} NOT NULL
);
CREATE INDEX product_changes_product ON product_changes (venue_id, product_id, id);
CREATE TABLE media (
  key TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  content_type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL
);
`,
  },
  {
    // Table sessions. At most one open session per (venue, table): a partial unique index, so
    // two instances joining at once open one session. Participants hold only the hash of their
    // credential. `table_line_ids` remembers every cart-line id a PUT used (and the line it
    // ended in, after a merge) so a repeated PUT never adds twice. Rounds are rows of `orders`
    // whose `user_id` is `table:{sessionId}`; their events, and the session's own, carry
    // `session_id` so a session's stream reads only its events. `rate_hits` counts joins and
    // calls per key in the database (the limits hold across instances).
    name: 'table sessions',
    up: (t) => `
CREATE TABLE table_sessions (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  label TEXT NOT NULL,
  status TEXT NOT NULL,
  version ${t.bigint} NOT NULL,
  opened_at TEXT NOT NULL,
  closed_at TEXT,
  active_at ${t.bigint} NOT NULL
);
CREATE UNIQUE INDEX table_sessions_open ON table_sessions (venue_id, label) WHERE status = 'open';
CREATE INDEX table_sessions_venue ON table_sessions (venue_id, status);
CREATE TABLE table_participants (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  name TEXT NOT NULL,
  user_id TEXT,
  credential_hash TEXT NOT NULL UNIQUE,
  joined_at TEXT NOT NULL
);
CREATE INDEX table_participants_session ON table_participants (session_id, joined_at);
CREATE TABLE table_cart_lines (
  session_id TEXT NOT NULL,
  id TEXT NOT NULL,
  participant_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  name TEXT NOT NULL,
  option_ids TEXT NOT NULL,
  note TEXT,
  quantity INTEGER NOT NULL,
  added_at TEXT NOT NULL,
  PRIMARY KEY (session_id, id)
);
CREATE TABLE table_line_ids (
  session_id TEXT NOT NULL,
  line_id TEXT NOT NULL,
  target_id TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  PRIMARY KEY (session_id, line_id)
);
CREATE TABLE table_calls (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  at TEXT NOT NULL,
  acknowledged_at TEXT
);
CREATE UNIQUE INDEX table_calls_open ON table_calls (session_id, kind) WHERE acknowledged_at IS NULL;
CREATE INDEX table_calls_session ON table_calls (session_id, at);
CREATE TABLE rate_hits (bucket TEXT NOT NULL, at ${t.bigint} NOT NULL);
CREATE INDEX rate_hits_bucket ON rate_hits (bucket, at);
ALTER TABLE events ADD COLUMN session_id TEXT;
CREATE INDEX events_session ON events (session_id, id);
`,
  },
  {
    // The two engines alike: orders are numbered by insertion (`seq`, the primary key; `id`
    // stays unique), so lists break created_at ties the same way on both; refresh tokens are
    // found by user. PostgreSQL databases from the hand-written migrations already have `seq`
    // (a plain column) and the index; SQLite's `seq` takes the old rowid, keeping the order.
    name: 'orders numbered by insertion, refresh tokens by user',
    up: (t) => `
CREATE INDEX IF NOT EXISTS refresh_tokens_user ON refresh_tokens (user_id);
${t.only({
  sqlite: `
CREATE TABLE orders_new (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  venue_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  number TEXT NOT NULL,
  day TEXT NOT NULL,
  status TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (venue_id, day, number)
);
INSERT INTO orders_new (seq, id, venue_id, user_id, number, day, status, doc, created_at)
  SELECT rowid, id, venue_id, user_id, number, day, status, doc, created_at FROM orders ORDER BY rowid;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;
CREATE INDEX orders_user ON orders (user_id, created_at);
CREATE INDEX orders_venue_status ON orders (venue_id, status, created_at);
`,
  postgres: `
ALTER TABLE orders ADD COLUMN IF NOT EXISTS seq BIGSERIAL;
ALTER TABLE orders DROP CONSTRAINT orders_pkey;
ALTER TABLE orders ALTER COLUMN id SET NOT NULL;
ALTER TABLE orders ADD CONSTRAINT orders_id_key UNIQUE (id);
ALTER TABLE orders ADD CONSTRAINT orders_pkey PRIMARY KEY (seq);
`,
})}
`,
  },
  {
    // Team invitations: a one-time link (only its SHA-256 hash is stored) that gives
    // `manager:{venueId}` or `staff:{venueId}` to the account with `email`; valid until
    // `expires_at` (ms), used once (`accepted_at`), or withdrawn (`revoked_at`).
    name: 'team invitations',
    up: (t) => `
CREATE TABLE invitations (
  id TEXT PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  venue_id TEXT NOT NULL,
  email TEXT NOT NULL,
  role TEXT NOT NULL,
  invited_by TEXT NOT NULL,
  invited_by_name TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL,
  expires_at ${t.bigint} NOT NULL,
  accepted_at ${t.bigint},
  accepted_by TEXT,
  revoked_at ${t.bigint}
);
CREATE INDEX invitations_venue ON invitations (venue_id, created_at);
`,
  },
  {
    // Who made a call at a table: the board and the other phones say who called (docs/rules.md#table-sessions).
    name: 'table calls say who',
    up: () => `
ALTER TABLE table_calls ADD COLUMN participant_id TEXT;
`,
  },
  {
    // One rate limiter over `rate_hits` (server/platform/rate-limit.ts): failed logins become hits
    // of their `login:` bucket (counted in the same window as before), and their table goes.
    name: 'login failures are rate hits',
    up: () => `
INSERT INTO rate_hits (bucket, at) SELECT 'login:' || client_key, at FROM login_failures;
DROP TABLE login_failures;
`,
  },
  {
    // Kitchen tickets (docs/rules.md#the-kitchen): one per station (and held course) of an order,
    // written in the order's transaction. `doc` is the ticket without its status; `held` 1 while a
    // later course of a table waits for «Marchar»; `cancelled` 1 (and done) when its order was
    // cancelled; `released_at` (ms) orders a station's queue.
    name: 'kitchen tickets',
    up: (t) => `
CREATE TABLE tickets (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  session_id TEXT,
  station TEXT NOT NULL,
  course TEXT,
  position INTEGER NOT NULL,
  held INTEGER NOT NULL DEFAULT 0,
  cancelled INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL,
  released_at ${t.bigint},
  fired_at TEXT,
  done_at ${t.bigint}
);
CREATE INDEX tickets_station ON tickets (venue_id, station, status, released_at);
CREATE INDEX tickets_order ON tickets (order_id);
CREATE INDEX tickets_session ON tickets (session_id, course);
`,
  },
  {
    // Printing (docs/rules.md#the-kitchen, server/README.md "Printing"): a venue's print agents
    // (only the SHA-256 of their token is kept), its printers (one station each; `failing_since`
    // (ms) while the agent cannot reach it) and the print jobs, one per ticket per printer,
    // written in the tickets' transaction; `seq` orders a printer's jobs, `printed_at` is the ack.
    name: 'print agents, printers and print jobs',
    up: (t) => `
CREATE TABLE print_agents (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_by TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL,
  last_seen ${t.bigint},
  revoked_at ${t.bigint}
);
CREATE INDEX print_agents_venue ON print_agents (venue_id);
CREATE TABLE printers (
  venue_id TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  station TEXT NOT NULL,
  host TEXT NOT NULL,
  port INTEGER NOT NULL,
  width INTEGER NOT NULL,
  position INTEGER NOT NULL,
  last_ok_at ${t.bigint},
  failing_since ${t.bigint},
  last_error TEXT,
  PRIMARY KEY (venue_id, id)
);
CREATE TABLE print_jobs (
  seq ${t.serialKey},
  id TEXT NOT NULL UNIQUE,
  venue_id TEXT NOT NULL,
  printer_id TEXT NOT NULL,
  ticket_id TEXT NOT NULL,
  duplicate INTEGER NOT NULL DEFAULT 0,
  created_at ${t.bigint} NOT NULL,
  printed_at ${t.bigint}
);
CREATE INDEX print_jobs_pending ON print_jobs (venue_id, printed_at, seq);
`,
  },
  {
    // The bill (docs/rules.md#the-bill). `bill_requests`: a diner's payment request; `bill_claims`: the lines (share
    // 0 of 1) or shares of a line (index 0…of-1) a request or a payment covers — the primary key lets one claim win;
    // `bill_payments`: payments staff recorded (`idem_key` unique per venue: a repeat replays); `receipts` and their
    // gapless counter per venue, series and year (the counter row stays locked until the payment commits);
    // `verifactu_records`: the append-only VERI*FACTU chain per issuer (`seq` is the chain order; updates and deletes
    // are refused by a trigger); `verifactu_outbox`: records waiting to be sent. A session remembers when it was paid
    // (`paid_at`) and what it still owed when closed (`unpaid`).
    name: 'the bill: payment requests, payments, receipts, VERI*FACTU records',
    up: (t) => `
ALTER TABLE table_sessions ADD COLUMN paid_at TEXT;
ALTER TABLE table_sessions ADD COLUMN unpaid ${t.bigint};
CREATE TABLE bill_requests (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  participant_id TEXT NOT NULL,
  by_name TEXT NOT NULL,
  amount ${t.bigint} NOT NULL,
  tip ${t.bigint} NOT NULL,
  method TEXT NOT NULL,
  status TEXT NOT NULL,
  doc TEXT NOT NULL,
  payment_id TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX bill_requests_session ON bill_requests (session_id, created_at);
CREATE TABLE bill_claims (
  session_id TEXT NOT NULL,
  line_id TEXT NOT NULL,
  share_index INTEGER NOT NULL,
  share_of INTEGER NOT NULL,
  amount ${t.bigint} NOT NULL,
  by_name TEXT NOT NULL,
  request_id TEXT,
  payment_id TEXT,
  PRIMARY KEY (session_id, line_id, share_index)
);
CREATE TABLE bill_payments (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  session_id TEXT,
  order_id TEXT,
  request_id TEXT,
  amount ${t.bigint} NOT NULL,
  tip ${t.bigint} NOT NULL,
  method TEXT NOT NULL,
  day TEXT NOT NULL,
  doc TEXT NOT NULL,
  receipt_id TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL,
  UNIQUE (venue_id, idem_key)
);
CREATE INDEX bill_payments_session ON bill_payments (session_id, created_at);
CREATE INDEX bill_payments_day ON bill_payments (venue_id, day);
CREATE UNIQUE INDEX bill_payments_order ON bill_payments (order_id) WHERE order_id IS NOT NULL;
CREATE TABLE receipt_counters (venue_id TEXT NOT NULL, series TEXT NOT NULL, year INTEGER NOT NULL, n ${t.bigint} NOT NULL, PRIMARY KEY (venue_id, series, year));
CREATE TABLE receipts (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  series TEXT NOT NULL,
  year INTEGER NOT NULL,
  n ${t.bigint} NOT NULL,
  number TEXT NOT NULL,
  day TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL,
  UNIQUE (venue_id, series, year, n)
);
CREATE INDEX receipts_day ON receipts (venue_id, day, n);
CREATE TABLE verifactu_records (
  seq ${t.serialKey},
  issuer TEXT NOT NULL,
  venue_id TEXT NOT NULL,
  receipt_id TEXT NOT NULL UNIQUE,
  num_serie TEXT NOT NULL,
  fecha TEXT NOT NULL,
  tipo TEXT NOT NULL,
  cuota TEXT NOT NULL,
  importe TEXT NOT NULL,
  huella TEXT NOT NULL,
  huella_anterior TEXT NOT NULL,
  generated_at TEXT NOT NULL,
  qr TEXT NOT NULL
);
CREATE INDEX verifactu_records_issuer ON verifactu_records (issuer, seq);
CREATE INDEX verifactu_records_venue ON verifactu_records (venue_id, seq);
CREATE TABLE verifactu_outbox (
  record_seq ${t.bigint} PRIMARY KEY,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at ${t.bigint} NOT NULL,
  sent_at ${t.bigint},
  last_error TEXT
);
CREATE INDEX verifactu_outbox_due ON verifactu_outbox (sent_at, next_at);
${t.only({
  sqlite: `
CREATE TRIGGER verifactu_records_no_update BEFORE UPDATE ON verifactu_records BEGIN SELECT RAISE(ABORT, 'verifactu_records is append-only'); END;
CREATE TRIGGER verifactu_records_no_delete BEFORE DELETE ON verifactu_records BEGIN SELECT RAISE(ABORT, 'verifactu_records is append-only'); END;
`,
  postgres: `
CREATE OR REPLACE FUNCTION verifactu_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'verifactu_records is append-only'; END $$;
CREATE TRIGGER verifactu_records_no_change BEFORE UPDATE OR DELETE ON verifactu_records FOR EACH ROW EXECUTE FUNCTION verifactu_records_append_only();
`,
})}
`,
  },
  {
    // Whether an account's email was proved (server/README.md, "Team and invitations"): an account created from an
    // invitation has a password chosen by whoever held the link, so its email is not proved until its owner signs in
    // with a provider that vouches for it. Accounts made before this step that accepted an invitation with a
    // password are counted as not proved (the link's holder may have made them); every other account is.
    name: 'users say whether their email was proved',
    up: () => `
ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 1;
UPDATE users SET email_verified = 0 WHERE password_hash IS NOT NULL AND id IN (SELECT accepted_by FROM invitations WHERE accepted_by IS NOT NULL);
`,
  },
  {
    // VERI*FACTU issuers (docs/rules.md#the-bill): a venue's tax id joins an issuer's chain only once an admin
    // confirmed it for that venue; each confirmed venue numbers its invoices in a series of its own under the
    // issuer (unique per tax id), so the issuer's invoice numbers never repeat.
    name: 'VERI*FACTU issuers confirmed by an admin, a series per venue',
    up: (t) => `
CREATE TABLE verifactu_issuers (
  venue_id TEXT NOT NULL,
  tax_id TEXT NOT NULL,
  series TEXT NOT NULL,
  confirmed_by TEXT NOT NULL,
  confirmed_at ${t.bigint} NOT NULL,
  PRIMARY KEY (venue_id, tax_id),
  UNIQUE (tax_id, series)
);
`,
  },
  {
    // A new party at a table whose open session is old (docs/rules.md#table-sessions): when one of them answered
    // «No, somos otro grupo», the session remembers it (`new_group_at`) so the board shows that a group waits.
    name: 'table sessions remember a new group waiting for the table',
    up: () => `
ALTER TABLE table_sessions ADD COLUMN new_group_at TEXT;
`,
  },
  {
    // What staff did to the floor (moves, merges, removals, voids, invitations…), kept for the manager:
    // server/features/audit/record.ts adds the entries; nothing updates or deletes them.
    name: 'audit log',
    up: (t) => `
CREATE TABLE audit_log (
  id ${t.serialKey},
  venue_id TEXT NOT NULL,
  at ${t.bigint} NOT NULL,
  actor_id TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  action TEXT NOT NULL,
  subject TEXT NOT NULL,
  detail TEXT NOT NULL,
  reason TEXT
);
CREATE INDEX audit_log_venue_at ON audit_log (venue_id, at);
`,
  },
  {
    // The floor (docs/rules.md#the-floor): a line a member of staff put into a table's cart keeps who added it
    // (`by_name`, «Luis · camarero») and whom it is for (`guest`); a person staff removed from a table keeps their
    // row (their lines still name them) with `removed_at`, and their credential opens nothing; a session staff
    // opened says so (`opened_by`: shown on the board with nobody in it); a table may have a zone.
    name: 'the floor: waiter lines, removed people, staff-opened sessions, table zones',
    up: () => `
ALTER TABLE table_cart_lines ADD COLUMN by_name TEXT;
ALTER TABLE table_cart_lines ADD COLUMN guest TEXT;
ALTER TABLE table_participants ADD COLUMN removed_at TEXT;
ALTER TABLE table_sessions ADD COLUMN opened_by TEXT;
ALTER TABLE venue_tables ADD COLUMN zone TEXT;
`,
  },
  {
    // Correcting what was sent (docs/rules.md#the-floor). `print_docs`: what a print job prints besides a ticket
    // or a receipt — a voided line's «ANULADO» ticket, a table's pre-bill — named by the job's `ticket_id`;
    // `bill_adjustments`: the invitations and discounts on a table session's bill.
    name: 'printed voids and pre-bills, bill adjustments',
    up: (t) => `
CREATE TABLE print_docs (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  station TEXT NOT NULL,
  doc TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL
);
CREATE TABLE bill_adjustments (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  amount ${t.bigint} NOT NULL,
  doc TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL
);
CREATE INDEX bill_adjustments_session ON bill_adjustments (session_id, created_at);
`,
  },
  {
    // Set menus at a table (docs/rules.md#set-menus-and-availability): a shared cart line keeps the
    // diner's choices (JSON `[{courseId, productId, optionIds, note?}]`; NULL for any other dish).
    name: 'table cart lines keep a set menu choices',
    up: () => `
ALTER TABLE table_cart_lines ADD COLUMN choices TEXT;
`,
  },
  {
    name: 'payment providers of the venues',
    up: (t) => `
CREATE TABLE payment_providers (
  venue_id TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  settings TEXT NOT NULL,
  secrets TEXT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at ${t.bigint} NOT NULL
);
`,
  },
  {
    // Paying from the phone (docs/rules.md#paying-from-the-phone): `online_payments` is an attempt at a provider,
    // `pending` until the provider's signed confirmation (`paid`, `failed`, `expired`); `reference` is the order
    // number the provider knows (unique); `claim` the JSON of what it pays (`{lineIds?, shares?}`), whose
    // `bill_claims` rows carry its id as `request_id` while it is pending; `redirect` the JSON the phone follows.
    // A confirmed one becomes the `bill_payments` row with the same id, which names its `provider` and `provider_ref`.
    name: 'online payments at a provider',
    up: (t) => `
CREATE TABLE online_payments (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  reference TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL,
  method TEXT NOT NULL,
  amount ${t.bigint} NOT NULL,
  tip ${t.bigint} NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL,
  session_id TEXT,
  order_id TEXT,
  participant_id TEXT,
  by_name TEXT NOT NULL,
  claim TEXT NOT NULL,
  redirect TEXT,
  idem_key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  provider_ref TEXT,
  receipt_id TEXT,
  expires_at ${t.bigint} NOT NULL,
  created_at ${t.bigint} NOT NULL,
  UNIQUE (venue_id, idem_key)
);
CREATE INDEX online_payments_session ON online_payments (session_id, status);
CREATE INDEX online_payments_due ON online_payments (status, expires_at);
ALTER TABLE bill_payments ADD COLUMN provider TEXT;
ALTER TABLE bill_payments ADD COLUMN provider_ref TEXT;
`,
  },
  {
    // Pickup times (docs/rules.md#pickup-times): how many orders each of a venue's slots has taken. A slot's
    // row is counted up only while it has room (one conditional statement), so two instances never oversell it.
    name: 'pickup slots count their orders',
    up: () => `
CREATE TABLE pickup_slots (venue_id TEXT NOT NULL, slot_start TEXT NOT NULL, taken INTEGER NOT NULL, PRIMARY KEY (venue_id, slot_start));
`,
  },
  {
    // Web Push when an order is ready (docs/rules.md#ready-notifications): a browser's subscription, held by an
    // order (`owner` `order:{id}`) or a table session (`session:{id}`); one row per owner and endpoint.
    name: 'push subscriptions of orders and table sessions',
    up: (t) => `
CREATE TABLE push_subscriptions (
  owner TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  language TEXT,
  created_at ${t.bigint} NOT NULL,
  PRIMARY KEY (owner, endpoint)
);
`,
  },
  {
    // Refunds (docs/rules.md#refunds). `bill_refunds`: a payment's refunds, each with its rectifying receipt
    // (`receipt_id`, set once it is issued; `status` `pending` while an online provider is asked, then `done`;
    // a refusal deletes the row) and the receipt it rectifies; `idem_key` unique per venue (a repeat replays).
    // A rectifying invoice's VERI*FACTU record says how it rectifies (`tipo_rectificativa`) and what (`rectified`,
    // JSON `[{IDEmisorFactura, NumSerieFactura, FechaExpedicionFactura}]`).
    name: 'refunds and rectifying receipts',
    up: (t) => `
CREATE TABLE bill_refunds (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  rectified_receipt_id TEXT NOT NULL,
  amount ${t.bigint} NOT NULL,
  sale ${t.bigint} NOT NULL,
  tip ${t.bigint} NOT NULL,
  reason TEXT NOT NULL,
  method TEXT NOT NULL,
  provider TEXT,
  status TEXT NOT NULL,
  receipt_id TEXT,
  day TEXT NOT NULL,
  doc TEXT NOT NULL,
  idem_key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at ${t.bigint} NOT NULL,
  UNIQUE (venue_id, idem_key)
);
CREATE INDEX bill_refunds_payment ON bill_refunds (payment_id);
CREATE INDEX bill_refunds_rectified ON bill_refunds (rectified_receipt_id);
CREATE INDEX bill_refunds_day ON bill_refunds (venue_id, day);
ALTER TABLE verifactu_records ADD COLUMN tipo_rectificativa TEXT;
ALTER TABLE verifactu_records ADD COLUMN rectified TEXT;
`,
  },
];

/** The statements of one step on one engine, in order. */
export function statementsOf(step: Step, dialect: Dialect): string[] {
  return step
    .up(TYPES[dialect])
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Applies the pending steps (call inside `Db.startup`). Resolves to the schema version, the
 * number of steps in `STEPS`.
 */
export async function migrate(tx: Queryable): Promise<number> {
  await tx.run(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  );
  const applied = await tx.all<{ version: number; name: string }>(
    'SELECT version, name FROM schema_migrations ORDER BY version',
  );
  // A database that ran another step under the same number (say, from another branch) is
  // refused rather than migrated on a wrong assumption.
  for (const [i, row] of applied.entries()) {
    const step = STEPS[row.version - 1];
    if (row.version !== i + 1 || (step && step.name !== row.name)) {
      throw new Error(
        `schema_migrations: step ${row.version} "${row.name}" of this database is not step ${i + 1} "${STEPS[i]?.name ?? '(none)'}" of server/platform/db/migrations.ts`,
      );
    }
  }
  const version = applied.length || (await adoptLegacyVersion(tx));
  for (let v = version; v < STEPS.length; v++) {
    const step = STEPS[v]!;
    for (const statement of statementsOf(step, tx.dialect)) await tx.run(statement);
    await recordStep(tx, v + 1);
  }
  return STEPS.length;
}

async function recordStep(tx: Queryable, version: number): Promise<void> {
  await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
    version,
    STEPS[version - 1]!.name,
    new Date().toISOString(),
  ]);
}

/**
 * Before `STEPS`, each engine had its own hand-written list (frozen in
 * tests/server/fixtures/legacy-migrations.ts): SQLite's five steps are steps 1–5 here, as
 * they were; PostgreSQL's first step was steps 1 and 2 together (plus what step 6 adds, which
 * step 6 therefore tolerates), its steps 2–4 are steps 3–5. Records the equivalent steps as
 * applied and removes the old counter; resolves to the version adopted (0 for a new database).
 */
async function adoptLegacyVersion(tx: Queryable): Promise<number> {
  let adopted: number;
  if (tx.dialect === 'sqlite') {
    const old = (await tx.get<{ user_version: number }>('PRAGMA user_version'))!.user_version;
    if (old === 0) return 0;
    if (old > 5)
      throw new Error(
        `Unknown SQLite schema version ${old} (PRAGMA user_version): this database was made by other code`,
      );
    adopted = old;
    await tx.run('PRAGMA user_version = 0');
  } else {
    const table = await tx.get<{ name: string | null }>("SELECT to_regclass('schema_version')::text AS name");
    if (!table?.name) return 0;
    const old = (await tx.get<{ version: number }>('SELECT version FROM schema_version'))?.version ?? 0;
    if (old > 4)
      throw new Error(
        `Unknown PostgreSQL schema version ${old} (table schema_version): this database was made by other code`,
      );
    adopted = old === 0 ? 0 : old + 1;
    await tx.run('DROP TABLE schema_version');
  }
  for (let v = 1; v <= adopted; v++) await recordStep(tx, v);
  return adopted;
}
