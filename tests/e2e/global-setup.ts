/**
 * Builds the site once for the whole run (or reuses a build of the same sources, e.g. the one
 * `npm test` just made): scripts/site-build.ts. Each worker then serves its own copy of it
 * (tests/e2e/fixtures.ts). `UMENU_SITE_BUILD` picks the directory (default `dist-test`).
 */
import { resolve } from 'node:path';
import { DEFAULT_SITE_BUILD_DIR, ensureSiteBuild } from '../../scripts/site-build.ts';

export default async function globalSetup(): Promise<void> {
  const build = await ensureSiteBuild(process.env.UMENU_SITE_BUILD ?? DEFAULT_SITE_BUILD_DIR);
  // Workers start after this and inherit the variable.
  process.env.UMENU_E2E_SITE_BUILD = resolve(build.dir);
}
