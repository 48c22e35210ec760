import { describe, expect, it } from 'vitest';
import { resolveMedia } from '../../../src/features/menu/media.ts';

describe('resolveMedia', () => {
  it('keeps absolute addresses (the API knows its public address)', () => {
    expect(resolveMedia('https://api.example.com/api/media/food/taco-ff0000.svg', 'https://other.example/v1')).toBe('https://api.example.com/api/media/food/taco-ff0000.svg');
    expect(resolveMedia('data:image/png;base64,AA', '/api')).toBe('data:image/png;base64,AA');
    expect(resolveMedia('//cdn.example/x.png', '/api')).toBe('//cdn.example/x.png');
  });

  it('resolves `/api/…` against the API base the page talks to', () => {
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', '/api')).toBe('/api/media/logo/eg-c75500.svg');
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', 'http://127.0.0.1:4321/api')).toBe('http://127.0.0.1:4321/api/media/logo/eg-c75500.svg');
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', 'https://api.example.com/v1/')).toBe('https://api.example.com/v1/media/logo/eg-c75500.svg');
    expect(resolveMedia('/api/media/logo/eg-c75500.svg', '/')).toBe('/media/logo/eg-c75500.svg');
  });
});
