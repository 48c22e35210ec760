/** The home search finds a new venue by any word of its name, cuisine or city ("pizza" finds "Pizzería Nueva"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  const admin = await s.tokenFor('admin@umenu.test');
  const base = (await (await s.request('/api/venues/taqueria-el-guero')).json()) as Record<string, unknown>;
  const { logo: _logo, cover: _cover, ...rest } = base;
  const res = await s.request('/api/venues/pizzeria-nueva', {
    method: 'PUT',
    token: admin,
    json: {
      ...rest,
      id: 'pizzeria-nueva',
      name: 'Pizzería Nueva',
      cuisine: 'Italiana',
      city: 'Monterrey',
      tagline: 'Horno de leña',
    },
  });
  expect(res.status).toBe(200);
});
afterAll(() => s.dispose());

const ids = async (q: string) =>
  (
    (await (await s.request(`/api/venues?q=${encodeURIComponent(q)}`)).json()) as { venues: Array<{ id: string }> }
  ).venues.map((v) => v.id);

describe('GET /api/venues?q= on a venue created after start', () => {
  it("finds it by any word of its name, cuisine or city, without accents, and by the word's family", async () => {
    for (const q of [
      'pizza',
      'Pizzería',
      'pizzeria',
      'nueva',
      'italiana',
      'italiano',
      'monterrey',
      'pizza monterrey',
      'leña',
    ]) {
      expect(await ids(q), q).toContain('pizzeria-nueva');
    }
    for (const q of ['sushi', 'pizza bogotá', 'pasta']) expect(await ids(q), q).not.toContain('pizzeria-nueva');
  });
});
