/**
 * Image processing cannot take an instance's CPU (server/features/media/upload.ts): a picture
 * over the pixel cap is refused before it is decoded, and past the jobs at once and the queue an
 * upload gets 503 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from './helpers.ts';
import { ceiling } from '../ceiling.ts';

let s: TestServer;
let manager: string;
beforeAll(async () => {
  s = await startTestServer({ imageJobs: 1, imageQueue: 1 });
  manager = await s.tokenFor('gerente@umenu.test');
});
afterAll(() => s.dispose());

const upload = (bytes: Uint8Array, name = 'foto.png') => {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
  return s.request('/api/venues/cafe-la-macarena/media', { method: 'POST', body: form, token: manager });
};

describe('image processing cost', () => {
  it('refuses a 49-megapixel picture at once, whatever its file size, and says why in Spanish', async () => {
    // A few KB on disk, 7,000 × 7,000 pixels once decoded.
    const huge = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: { r: 250, g: 250, b: 250 } },
    })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(200_000);
    const res = await upload(huge);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { detail: string };
    expect(body.detail).toBe(
      'La imagen tiene 49 megapíxeles; el máximo es 25. Redúcela antes de subirla (una foto de menú no necesita más de 2000 píxeles de ancho).',
    );
  });

  it(
    'processes one image at a time here, lets one wait, and answers 503 with Retry-After past that',
    async () => {
      const photo = (shade: number) =>
        sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: shade, g: 90, b: 40 } } })
          .png()
          .toBuffer();
      const photos = await Promise.all([photo(10), photo(20), photo(30)]);
      const answers = await Promise.all(photos.map((bytes) => upload(bytes)));
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([201, 201, 503]);
      const refused = answers.find((res) => res.status === 503)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { detail: string }).detail).toBe(
        'Estamos procesando muchas imágenes a la vez. Vuelve a intentarlo en unos segundos: no se ha guardado nada.',
      );
      // Afterwards the queue is empty and uploads work again.
      expect((await upload(photos[2])).status).toBe(201);
    },
    ceiling(60_000),
  );
});
