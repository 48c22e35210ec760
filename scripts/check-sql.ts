/**
 * `npm run lint` part: SQL lives in a feature's `queries.ts` (docs/architecture.md#server-by-feature),
 * and in the platform's own data modules (the database layer, the event bus, the rate limiter).
 * Any other server file that holds an SQL statement is reported with its line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ALLOWED = [
  /(^|\/)queries\.ts$/,
  /^server\/platform\/db\//,
  /^server\/platform\/events\/bus\.ts$/,
  /^server\/platform\/rate-limit\.ts$/,
];
/** A statement in a string: the start of a query, right after its opening quote. */
const STATEMENT =
  /['"`]\s*(SELECT\s|INSERT\s+INTO\s|UPDATE\s+\S+\s+SET\s|DELETE\s+FROM\s|WITH\s+\w+\s+AS\s*\(|CREATE\s+(TABLE|INDEX)\s|ALTER\s+TABLE\s)/i;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

const found: string[] = [];
let checked = 0;
for (const file of files('server')) {
  if (ALLOWED.some((pattern) => pattern.test(file))) continue;
  checked++;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (STATEMENT.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)}`);
    });
}
if (found.length) {
  console.log(`SQL outside a queries module (move it into the feature's queries.ts):\n${found.join('\n')}`);
  process.exit(1);
}
console.log(`${checked} server files hold no SQL outside queries modules`);
