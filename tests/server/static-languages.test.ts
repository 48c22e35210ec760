/**
 * Unknown addresses under `/{lang}/` get that language's 404 page and fallback shell
 * (server/platform/static.ts, docs/architecture.md#languages); the others the Spanish ones.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../server/platform/static.ts';

const dir = mkdtempSync(join(tmpdir(), 'umenu-languages-'));
mkdirSync(join(dir, 'en'));
writeFileSync(join(dir, 'index.html'), '<html lang="es">inicio</html>');
writeFileSync(join(dir, '404.html'), '<html lang="es">no existe</html>');
writeFileSync(join(dir, 'venue-shell.html'), '<html lang="es">shell</html>');
writeFileSync(join(dir, 'en', '404.html'), '<html lang="en">not found</html>');
writeFileSync(join(dir, 'en', 'venue-shell.html'), '<html lang="en">shell</html>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const site = loadSite(dir);
const venues = new Set(['fonda-nueva']);
async function get(path: string): Promise<{ status: number; body: string }> {
  const response = site.respond(new Request(`http://x${path}`), path, (id) => venues.has(id))!;
  return { status: response.status, body: await response.text() };
}

describe('unknown addresses in another language', () => {
  it("answers 404 with the language's 404 page under /{lang}/, the Spanish one elsewhere", async () => {
    expect(await get('/en/nothing/here')).toEqual({ status: 404, body: '<html lang="en">not found</html>' });
    expect(await get('/en/no-such-venue')).toEqual({ status: 404, body: '<html lang="en">not found</html>' });
    expect(await get('/nothing/here')).toEqual({ status: 404, body: '<html lang="es">no existe</html>' });
    // A language without its own 404 page built: the Spanish one.
    expect(await get('/fr/rien')).toEqual({ status: 404, body: '<html lang="es">no existe</html>' });
  });

  it("opens a venue created after the build through the language's fallback shell", async () => {
    expect(await get('/en/fonda-nueva')).toEqual({ status: 200, body: '<html lang="en">shell</html>' });
    expect(await get('/fonda-nueva')).toEqual({ status: 200, body: '<html lang="es">shell</html>' });
  });
});
