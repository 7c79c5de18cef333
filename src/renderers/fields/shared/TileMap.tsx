import { ActionIcon, Group } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { lngLatToPixel, MAX_ZOOM, pixelToLngLat, TILE_SIZE, tileUrl } from '../../../runtime/map-tiles';
import { useRT } from '../../i18n';

const WIDTH = 360;
const HEIGHT = 220;

/**
 * A small map of tiles from the configured source (system configuration mapTileUrl): click to
 * choose a place (the marker moves there and the map centres on it), + and − to zoom. No
 * dragging: a click is the one gesture, enough to pick a point.
 */
export function TileMap({ template, lng, lat, onPick, disabled }: { template: string; lng: number | null; lat: number | null; onPick(lng: number, lat: number): void; disabled: boolean }) {
  const t = useRT();
  const has = lng !== null && lat !== null;
  const [zoom, setZoom] = useState(has ? 14 : 4);
  const [center, setCenter] = useState(() => (has ? { lng: lng!, lat: lat! } : { lng: 105, lat: 35 }));
  const c = lngLatToPixel(center.lng, center.lat, zoom);
  const left = c.x - WIDTH / 2;
  const top = c.y - HEIGHT / 2;
  const tiles: { key: string; src: string; x: number; y: number }[] = [];
  const n = 2 ** zoom;
  for (let ty = Math.floor(top / TILE_SIZE); ty <= Math.floor((top + HEIGHT) / TILE_SIZE); ty++) {
    if (ty < 0 || ty >= n) continue;
    for (let tx = Math.floor(left / TILE_SIZE); tx <= Math.floor((left + WIDTH) / TILE_SIZE); tx++) tiles.push({ key: `${zoom}/${tx}/${ty}`, src: tileUrl(template, zoom, tx, ty), x: tx * TILE_SIZE - left, y: ty * TILE_SIZE - top });
  }
  const marker = has ? lngLatToPixel(lng!, lat!, zoom) : null;
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    if (disabled) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const place = pixelToLngLat(left + e.clientX - rect.left, top + e.clientY - rect.top, zoom);
    setCenter(place);
    onPick(place.lng, place.lat);
  };
  return (
    <div style={{ position: 'relative', width: WIDTH, maxWidth: '100%' }}>
      <div role="application" aria-label={t('codes.location.map')} title={t('codes.location.map')} onClick={pick} data-location-map style={{ position: 'relative', width: WIDTH, maxWidth: '100%', height: HEIGHT, overflow: 'hidden', background: '#e9ecef', cursor: disabled ? 'default' : 'crosshair', border: '1px solid var(--mantine-color-gray-4)' }}>
        {tiles.map((tile) => (
          <img key={tile.key} src={tile.src} alt="" draggable={false} width={TILE_SIZE} height={TILE_SIZE} style={{ position: 'absolute', left: tile.x, top: tile.y, userSelect: 'none', pointerEvents: 'none' }} />
        ))}
        {marker ? <span data-location-marker style={{ position: 'absolute', left: marker.x - left - 6, top: marker.y - top - 6, width: 12, height: 12, borderRadius: 6, background: 'var(--mantine-color-red-6)', border: '2px solid #fff' }} /> : null}
      </div>
      <Group gap={4} style={{ position: 'absolute', right: 6, top: 6 }}>
        <ActionIcon size="sm" variant="default" aria-label={t('codes.location.zoomIn')} onClick={() => setZoom((z) => Math.min(MAX_ZOOM, z + 1))} data-location-zoom="in">+</ActionIcon>
        <ActionIcon size="sm" variant="default" aria-label={t('codes.location.zoomOut')} onClick={() => setZoom((z) => Math.max(1, z - 1))} data-location-zoom="out">−</ActionIcon>
      </Group>
    </div>
  );
}
