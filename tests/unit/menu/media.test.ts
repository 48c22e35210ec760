import { describe, expect, it } from 'vitest';
import { resolveMedia } from '../../../src/features/menu/media.ts';
import { mediaAttributes, mediaSrcset } from '../../../src/features/menu/media-srcset.ts';

describe('resolveMedia', () => {
  it('keeps absolute addresses (the API knows its public address)', () => {
    expect(resolveMedia('https://api.example.com/api/media/food/taco-ff0000.svg', 'https://other.example/v1')).toBe(
      'https://api.example.com/api/media/food/taco-ff0000.svg',
    );
    expect(resolveMedia('data:image/png;base64,AA', '/api')).toBe('data:image/png;base64,AA');
    expect(resolveMedia('//cdn.example/x.png', '/api')).toBe('//cdn.example/x.png');
  });

  it('resolves `/api/…` against the API base the page talks to', () => {
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', '/api')).toBe('/api/media/logo/eg-c75500.svg');
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', 'http://127.0.0.1:4321/api')).toBe(
      'http://127.0.0.1:4321/api/media/logo/eg-c75500.svg',
    );
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', 'https://api.example.com/v1/')).toBe(
      'https://api.example.com/v1/media/logo/eg-c75500.svg',
    );
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', '/')).toBe('/media/logo/eg-c75500.svg');
  });
});

describe('mediaSrcset (uploaded images)', () => {
  const stem = 'https://api.example.com/api/media/u/bar-el-cabanyal/abc123xyz';
  it('lists the stored widths up to the widest the venue names', () => {
    expect(mediaSrcset(`${stem}-1200.webp`, 1200)).toBe(
      `${stem}-400.webp 400w, ${stem}-800.webp 800w, ${stem}-1200.webp 1200w`,
    );
    expect(mediaSrcset('/api/media/u/cafe/abc-650.webp', 650)).toBe(
      '/api/media/u/cafe/abc-400.webp 400w, /api/media/u/cafe/abc-650.webp 650w',
    );
  });
  it('gives none for a single width, a mismatched width or an image that was not uploaded', () => {
    expect(mediaSrcset(`${stem}-300.webp`, 300)).toBeUndefined();
    expect(mediaSrcset(`${stem}-1200.webp`, 800)).toBeUndefined();
    expect(mediaSrcset('/api/media/food/taco-ff0000.svg', 400)).toBeUndefined();
    expect(mediaSrcset('https://cdn.example/photo-1200.webp', 1200)).toBeUndefined();
  });
  it('resolves against the API base and adds sizes only with a srcset', () => {
    expect(
      mediaAttributes({ src: '/api/media/u/cafe/abc-800.webp', width: 800 }, 'https://api.example.com/v1', '112px'),
    ).toEqual({
      src: 'https://api.example.com/v1/media/u/cafe/abc-800.webp',
      srcSet:
        'https://api.example.com/v1/media/u/cafe/abc-400.webp 400w, https://api.example.com/v1/media/u/cafe/abc-800.webp 800w',
      sizes: '112px',
    });
    expect(mediaAttributes({ src: '/api/media/food/taco-ff0000.svg', width: 400 }, '/api', '112px')).toEqual({
      src: '/api/media/food/taco-ff0000.svg',
    });
  });
});
