import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { ADDRESS_MAX, coordinatesValid, locationOf, locationText, type LocationValue } from '../../runtime/kinds/shared/location-value';
import { isTileTemplate } from '../../runtime/map-tiles';
import { useRT } from '../i18n';
import { useSelectorsHost } from '../selectors/context';
import { TileMap } from './shared/TileMap';
import type { EditProps, FieldRenderer, ViewProps } from '../types';

const EMPTY: LocationValue = { fullAddress: '', lng: null, lat: null };

/**
 * 定位 (v5): the address text and its coordinates typed in (longitude −180…180, latitude −90…90,
 * six decimals), and picked on a map where system configuration names a tile source (mapTileUrl,
 * an in-site path template); without one the widget says so instead of drawing an empty map
 * (docs/DECISIONS.md). The value is { fullAddress, lng, lat }.
 */
function Edit({ value, onChange, onBlur, disabled, readOnly, error, id }: EditProps<'location'>) {
  const t = useRT();
  const current = locationOf(value) ?? EMPTY;
  const set = (patch: Partial<LocationValue>) => {
    const next = { ...current, ...patch };
    onChange(next.fullAddress === '' && next.lng === null && next.lat === null ? '' : next);
  };
  const num = (v: string | number) => (v === '' || v === null ? null : Number(v));
  const rangeError = !coordinatesValid(current.lng, current.lat);
  const configured = useSelectorsHost().mapTileUrl ?? '';
  const tiles = configured && isTileTemplate(configured) ? configured : '';
  return (
    <Stack gap={4} data-location-field>
      <TextInput id={id} value={current.fullAddress} onChange={(e) => set({ fullAddress: e.currentTarget.value })} onBlur={onBlur} disabled={disabled} readOnly={readOnly} error={error} maxLength={ADDRESS_MAX} placeholder={t('codes.location.address')} aria-label={t('codes.location.address')} data-location="address" />
      <Group gap="xs" grow>
        <NumberInput value={current.lng ?? ''} onChange={(v) => set({ lng: num(v) })} onBlur={onBlur} min={-180} max={180} decimalScale={6} disabled={disabled} readOnly={readOnly} error={rangeError} placeholder={t('codes.location.lng')} aria-label={t('codes.location.lng')} data-location="lng" />
        <NumberInput value={current.lat ?? ''} onChange={(v) => set({ lat: num(v) })} onBlur={onBlur} min={-90} max={90} decimalScale={6} disabled={disabled} readOnly={readOnly} error={rangeError} placeholder={t('codes.location.lat')} aria-label={t('codes.location.lat')} data-location="lat" />
      </Group>
      {tiles ? (
        <TileMap template={tiles} lng={current.lng} lat={current.lat} onPick={(lng, lat) => set({ lng, lat })} disabled={disabled || readOnly} />
      ) : (
        <Text size="xs" c="dimmed" data-location-note>
          {t('codes.location.noMap')}
        </Text>
      )}
    </Stack>
  );
}

function View({ value }: ViewProps<'location'>) {
  return <span className="scp-view-text">{locationText(value)}</span>;
}

export const locationRenderer: FieldRenderer<'location'> = { Edit, View, Cell: View };
