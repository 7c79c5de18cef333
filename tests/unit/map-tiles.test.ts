import { describe, expect, it } from 'vitest';
import { isTileTemplate, lngLatToPixel, pixelToLngLat, tileUrl } from '../../src/runtime/map-tiles';

describe('map tiles of the location field', () => {
  it('accepts only in-site path templates with {z}, {x} and {y}', () => {
    for (const ok of ['', '/tiles/{z}/{x}/{y}.png', '/osm/{z}/{x}/{y}?style=a']) expect(isTileTemplate(ok), ok).toBe(true);
    for (const bad of ['https://tile.example.com/{z}/{x}/{y}.png', '//cdn.example.com/{z}/{x}/{y}.png', '/tiles/{z}/{x}.png', '/tiles/{z}/{x}/{y}/{s}.png', 'javascript:{z}{x}{y}', '/t/{z}/{x}/{y}"onerror=".png', '/t/{z}/{x}/{y}}']) {
      expect(isTileTemplate(bad), bad).toBe(false);
    }
  });

  it('fills a tile address, wrapping x around the world', () => {
    expect(tileUrl('/t/{z}/{x}/{y}.png', 2, 5, 1)).toBe('/t/2/1/1.png');
    expect(tileUrl('/t/{z}/{x}/{y}.png', 2, -1, 1)).toBe('/t/2/3/1.png');
  });

  it('turns a place into a world pixel and back (Web Mercator, six decimals)', () => {
    expect(lngLatToPixel(0, 0, 0)).toEqual({ x: 128, y: 128 });
    expect(lngLatToPixel(-180, 85.05112878, 1).x).toBe(0);
    const shanghai = { lng: 121.4903, lat: 31.2396 };
    const p = lngLatToPixel(shanghai.lng, shanghai.lat, 14);
    expect(pixelToLngLat(p.x, p.y, 14)).toEqual(shanghai);
  });
});
