/**
 * `npm test`: lint, type checks, unit and API tests, then browser tests against the
 * built site served by `npm start`. Installs Debian's Chromium when it can.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureChromium } from './chromium.ts';

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const chromium = ensureChromium();
const onlyUnit = process.argv.includes('--unit');

run('Lint (ESLint, dependency-cruiser)', 'npm', ['run', 'lint']);
run('Type check (astro check)', 'npx', ['astro', 'check', '--minimumFailingSeverity', 'error']);
run('Unit and API tests (vitest)', 'npx', ['vitest', 'run']);
if (!onlyUnit) {
  if (!existsSync(chromium)) process.exit(1);
  // `npm start` (Playwright's web server) builds the site against the running API so that
  // the demo venues are prerendered exactly as a user's `npm start` does.
  run('Browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], { CHROME_PATH: chromium, UMENU_FORCE_BUILD: '1' });
}
console.log('\n✔ All checks passed');
