/**
 * SQLite database (node:sqlite): open, pragmas, migrations applied at start-up.
 * The database file path comes from `UMENU_DB` (default `data/umenu.sqlite`).
 */
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync, rmSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = DatabaseSync;

/** Each entry moves the schema from version i to i + 1 (tracked in `PRAGMA user_version`). */
const MIGRATIONS: string[] = [
  `
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
  `,
];

export interface OpenOptions {
  path: string;
  reset?: boolean;
}

export function openDatabase({ path, reset = false }: OpenOptions): Db {
  if (path !== ':memory:') {
    if (reset) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
    if (!existsSync(dirname(path))) mkdirSync(dirname(path), { recursive: true });
  }
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;`);
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = row.user_version; version < MIGRATIONS.length; version++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

/** Runs `fn` in a write transaction (synchronous, so no other request interleaves in this process). */
export function transaction<T>(db: Db, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
