/** Where the build puts the venue-page render module the server imports (beside `distDir`, never served). */
import { basename, dirname, join } from 'node:path';

export function venueRegionsModule(distDir: string): string {
  const dir = distDir.replace(/[\\/]+$/, '');
  return join(dirname(dir), `${basename(dir)}-render`, 'venue-regions.mjs');
}
