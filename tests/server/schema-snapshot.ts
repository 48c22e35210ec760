/**
 * A database's schema as plain data, read from the engine's catalog, in terms both engines
 * share: tables; columns with their type family, nullability, default and whether the engine
 * numbers them; primary key; unique constraints; foreign keys; indexes by name (columns,
 * unique, partial condition). Two snapshots are equal when the schemas are the same in every
 * respect the application can notice. Internal tables (`sqlite_%`) are left out.
 */
import type { Queryable } from '../../server/platform/db/database.ts';

export interface ColumnShape {
  type: string;
  notNull: boolean;
  default: string | null;
  /** Numbered by the engine (SQLite INTEGER PRIMARY KEY AUTOINCREMENT, PostgreSQL serial/identity). */
  auto: boolean;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: string[];
  /** Unique constraints (not primary keys), each as its columns joined by commas; sorted. */
  unique: string[];
  /** `col,… -> table(col,…)`, sorted. */
  foreignKeys: string[];
  /** CHECK conditions, normalized, sorted. */
  checks: string[];
  indexes: Record<string, { unique: boolean; columns: string[]; where: string | null }>;
}

export type SchemaShape = Record<string, TableShape>;

/** Type family, SQLite's affinity rules applied to either engine's type name. */
export function typeFamily(declared: string): string {
  const t = declared.toLowerCase();
  if (t.includes('int')) return 'integer';
  if (/char|clob|text/.test(t)) return 'text';
  if (/blob|bytea/.test(t) || t === '') return 'blob';
  if (/real|floa|doub/.test(t)) return 'real';
  if (/bool/.test(t)) return 'boolean';
  return `other:${t}`;
}

/** `'[]'::text` and `'[]'` alike; `(status = 'open'::text)` and `status = 'open'` alike. */
function normalizeSql(expression: string | null): string | null {
  if (expression === null) return null;
  return expression
    .replace(/::[a-z ]+/gi, '')
    .replace(/[()]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The conditions of the `CHECK (…)` clauses in a statement (parentheses balanced). */
function checkConditions(sql: string): string[] {
  const out: string[] = [];
  for (const match of sql.matchAll(/\bCHECK\s*\(/gi)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < sql.length && depth > 0; i++) depth += sql[i] === '(' ? 1 : sql[i] === ')' ? -1 : 0;
    out.push(sql.slice(start, i - 1));
  }
  return out;
}

const sortedRecord = <T>(entries: Array<[string, T]>): Record<string, T> =>
  Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));

export async function schemaSnapshot(q: Queryable): Promise<SchemaShape> {
  return q.dialect === 'sqlite' ? sqliteSnapshot(q) : postgresSnapshot(q);
}

async function sqliteSnapshot(q: Queryable): Promise<SchemaShape> {
  const tables = await q.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const out: SchemaShape = {};
  for (const { name } of tables) {
    const info = await q.all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
      'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)',
      [name],
    );
    const tableSql = (await q.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [
      name,
    ]))!.sql;
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    // Numbered by the engine like a PostgreSQL serial: an alias of the rowid that never reuses a
    // number (AUTOINCREMENT). A plain INTEGER PRIMARY KEY is given its values by the application.
    const rowidAlias =
      primaryKey.length === 1 &&
      info.find((c) => c.name === primaryKey[0])!.type.toUpperCase() === 'INTEGER' &&
      /\bAUTOINCREMENT\b/i.test(tableSql);
    const columns = sortedRecord(
      info.map((c) => {
        const auto = rowidAlias && c.name === primaryKey[0];
        // A primary-key column is NOT NULL by the standard (and on PostgreSQL); SQLite's catalog
        // says nullable for a non-INTEGER one, a historical quirk of SQLite, not of our schema.
        return [
          c.name,
          { type: typeFamily(c.type), notNull: c.notnull === 1 || c.pk > 0, default: normalizeSql(c.dflt_value), auto },
        ];
      }),
    );
    const unique: string[] = [];
    const indexes: TableShape['indexes'] = {};
    for (const index of await q.all<{ name: string; unique: number; origin: string }>(
      'SELECT name, "unique", origin FROM pragma_index_list(?)',
      [name],
    )) {
      const cols = (
        await q.all<{ name: string }>('SELECT name FROM pragma_index_info(?) ORDER BY seqno', [index.name])
      ).map((c) => c.name);
      if (index.origin === 'pk') continue;
      if (index.origin === 'u') {
        unique.push(cols.join(','));
        continue;
      }
      const sql = (await q.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", [
        index.name,
      ]))!.sql;
      const where = /\bWHERE\b([\s\S]*)$/i.exec(sql)?.[1] ?? null;
      indexes[index.name] = { unique: index.unique === 1, columns: cols, where: normalizeSql(where) };
    }
    const fks = await q.all<{ id: number; seq: number; table: string; from: string; to: string }>(
      'SELECT id, seq, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq',
      [name],
    );
    const byId = new Map<number, typeof fks>();
    for (const fk of fks) byId.set(fk.id, [...(byId.get(fk.id) ?? []), fk]);
    const foreignKeys = [...byId.values()]
      .map(
        (parts) => `${parts.map((p) => p.from).join(',')} -> ${parts[0]!.table}(${parts.map((p) => p.to).join(',')})`,
      )
      .sort();
    const checks = checkConditions(tableSql)
      .map((c) => normalizeSql(c)!)
      .sort();
    out[name] = {
      columns,
      primaryKey,
      unique: unique.sort(),
      foreignKeys,
      checks,
      indexes: sortedRecord(Object.entries(indexes)),
    };
  }
  return out;
}

async function postgresSnapshot(q: Queryable): Promise<SchemaShape> {
  const tables = await q.all<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  const out: SchemaShape = {};
  // A sequence that no column owns (SQLite has nothing like it) would be left over by a step.
  const loose = await q.all<{ name: string }>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' AND n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i'))",
  );
  if (loose.length)
    throw new Error(`schemaSnapshot: sequences owned by no column: ${loose.map((s) => s.name).join(', ')}`);
  const columnsOf = (rel: string, attnums: string) =>
    `array_to_string(array(SELECT a.attname FROM unnest(${attnums}) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.n ORDER BY k.o), ',')`;
  for (const { name } of tables) {
    const info = await q.all<{ name: string; type: string; nullable: string; dflt: string | null; identity: string }>(
      'SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS dflt, is_identity AS identity FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
      [name],
    );
    const columns = sortedRecord(
      info.map((c) => {
        const auto = c.identity === 'YES' || /^nextval\(/.test(c.dflt ?? '');
        return [
          c.name,
          { type: typeFamily(c.type), notNull: c.nullable === 'NO', default: auto ? null : normalizeSql(c.dflt), auto },
        ];
      }),
    );
    const constraints = await q.all<{
      type: string;
      columns: string;
      ref: string | null;
      ref_columns: string | null;
      definition: string;
    }>(
      `SELECT c.contype AS type, pg_get_constraintdef(c.oid) AS definition, ${columnsOf('c.conrelid', 'c.conkey')} AS columns, c.confrelid::regclass::text AS ref, ${columnsOf('c.confrelid', 'c.confkey')} AS ref_columns
       FROM pg_constraint c WHERE c.conrelid = ?::regclass`,
      [name],
    );
    const indexes = await q.all<{
      name: string;
      unique: boolean;
      where: string | null;
      columns: string;
      constraint: boolean;
    }>(
      `SELECT i.relname AS name, x.indisunique AS "unique", pg_get_expr(x.indpred, x.indrelid) AS "where", ${columnsOf('x.indrelid', 'x.indkey::int2[]')} AS columns,
         EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u')) AS "constraint"
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = ?::regclass`,
      [name],
    );
    // 'n' (PostgreSQL 18's catalogued NOT NULL) is compared as the columns' nullability.
    const other = constraints.filter((c) => !['p', 'u', 'f', 'c', 'n'].includes(c.type));
    if (other.length)
      throw new Error(
        `schemaSnapshot: constraint types ${other.map((c) => c.type).join(', ')} on ${name} are not compared yet`,
      );
    out[name] = {
      columns,
      primaryKey: constraints.find((c) => c.type === 'p')?.columns.split(',') ?? [],
      unique: constraints
        .filter((c) => c.type === 'u')
        .map((c) => c.columns)
        .sort(),
      foreignKeys: constraints
        .filter((c) => c.type === 'f')
        .map((c) => `${c.columns} -> ${c.ref}(${c.ref_columns})`)
        .sort(),
      checks: constraints
        .filter((c) => c.type === 'c')
        .flatMap((c) => checkConditions(c.definition))
        .map((c) => normalizeSql(c)!)
        .sort(),
      indexes: sortedRecord(
        indexes
          .filter((i) => !i.constraint)
          .map((i) => [i.name, { unique: i.unique, columns: i.columns.split(','), where: normalizeSql(i.where) }]),
      ),
    };
  }
  return out;
}
