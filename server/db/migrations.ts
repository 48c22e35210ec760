/**
 * Schema, per dialect. Each entry moves the schema from version i to i + 1 (SQLite:
 * `PRAGMA user_version`; PostgreSQL: table `schema_version`). Applied at start-up inside
 * `Db.startup` (one transaction under an advisory lock on PostgreSQL).
 */
const SQLITE_V1 = `
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
  old_price INTEGER NOT NULL,
  new_price INTEGER NOT NULL,
  changed_at INTEGER NOT NULL
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
  expires_at INTEGER NOT NULL,
  family_expires_at INTEGER NOT NULL,
  used_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
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
CREATE TABLE order_counters (venue_id TEXT NOT NULL, day TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (venue_id, day));
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  order_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);
`;

/** Event log (order and venue events, resumable by id) and the shared login rate limit. */
const SQLITE_V2 = `
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  venue_id TEXT NOT NULL,
  order_id TEXT,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX events_venue ON events (venue_id, id);
CREATE INDEX events_order ON events (order_id, id);
CREATE INDEX events_created ON events (created_at);
CREATE TABLE login_failures (client_key TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX login_failures_key ON login_failures (client_key, at);
`;

const POSTGRES_V1 = `
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
  old_price BIGINT NOT NULL,
  new_price BIGINT NOT NULL,
  changed_at BIGINT NOT NULL
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
  expires_at BIGINT NOT NULL,
  family_expires_at BIGINT NOT NULL,
  used_at BIGINT,
  revoked_at BIGINT,
  created_at BIGINT NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
CREATE TABLE orders (
  seq BIGSERIAL NOT NULL,
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
CREATE TABLE order_counters (venue_id TEXT NOT NULL, day TEXT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (venue_id, day));
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL,
  key TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  order_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, key)
);
CREATE TABLE events (
  id BIGSERIAL PRIMARY KEY,
  venue_id TEXT NOT NULL,
  order_id TEXT,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX events_venue ON events (venue_id, id);
CREATE INDEX events_order ON events (order_id, id);
CREATE INDEX events_created ON events (created_at);
CREATE TABLE login_failures (client_key TEXT NOT NULL, at BIGINT NOT NULL);
CREATE INDEX login_failures_key ON login_failures (client_key, at);
`;

/** Social sign-ins halfway through (any instance may receive the provider's callback). */
const SOCIAL = `
CREATE TABLE social_pending (key TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at BIGINT NOT NULL);
CREATE INDEX social_pending_expires ON social_pending (expires_at);
CREATE TABLE social_codes (key TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at BIGINT NOT NULL);
CREATE INDEX social_codes_expires ON social_codes (expires_at);
`;

/** Venue self-service (issue 11): table tokens, dish change history, uploaded images. */
const manageTables = (serial: string, big: string, blob: string) => `
CREATE TABLE venue_tables (
  venue_id TEXT NOT NULL,
  label TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  created_at ${big} NOT NULL,
  PRIMARY KEY (venue_id, label)
);
CREATE TABLE product_changes (
  id ${serial},
  venue_id TEXT NOT NULL,
  product_id TEXT NOT NULL,
  field TEXT NOT NULL,
  old_value TEXT NOT NULL,
  new_value TEXT NOT NULL,
  user_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  changed_at ${big} NOT NULL
);
CREATE INDEX product_changes_product ON product_changes (venue_id, product_id, id);
CREATE TABLE media (
  key TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  content_type TEXT NOT NULL,
  data ${blob} NOT NULL,
  created_at ${big} NOT NULL
);
`;
const SQLITE_V3 = manageTables('INTEGER PRIMARY KEY AUTOINCREMENT', 'INTEGER', 'TEXT');
const POSTGRES_V2 = manageTables('BIGSERIAL PRIMARY KEY', 'BIGINT', 'TEXT');

/**
 * Table sessions (issue 12). At most one open session per (venue, table): a partial unique
 * index, so two instances joining at once open one session. Participants hold only the
 * hash of their credential. `table_line_ids` remembers every cart-line id a PUT used (and
 * the line it ended in, after a merge) so a repeated PUT never adds twice. Rounds are rows
 * of `orders` whose `user_id` is `table:{sessionId}`; their events, and the session's own,
 * carry `session_id` so a session's stream reads only its events. `rate_hits` counts joins
 * and calls per key in the database (the limits hold across instances).
 */
const tableSessions = (big: string) => `
CREATE TABLE table_sessions (
  id TEXT PRIMARY KEY,
  venue_id TEXT NOT NULL,
  label TEXT NOT NULL,
  status TEXT NOT NULL,
  version ${big} NOT NULL,
  opened_at TEXT NOT NULL,
  closed_at TEXT,
  active_at ${big} NOT NULL
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
CREATE TABLE rate_hits (bucket TEXT NOT NULL, at ${big} NOT NULL);
CREATE INDEX rate_hits_bucket ON rate_hits (bucket, at);
ALTER TABLE events ADD COLUMN session_id TEXT;
CREATE INDEX events_session ON events (session_id, id);
`;

/** Who made a call at a table (product.md §10: the board says who called). */
const TABLE_CALLS_BY = 'ALTER TABLE table_calls ADD COLUMN participant_id TEXT;';

/** Keyed by `Dialect` (server/db/database.ts, which imports this module: named here, not imported). */
export const MIGRATIONS: Record<'sqlite' | 'postgres', string[]> = {
  sqlite: [SQLITE_V1, SQLITE_V2, SOCIAL, SQLITE_V3, tableSessions('INTEGER'), TABLE_CALLS_BY],
  postgres: [POSTGRES_V1, SOCIAL, POSTGRES_V2, tableSessions('BIGINT'), TABLE_CALLS_BY],
};
