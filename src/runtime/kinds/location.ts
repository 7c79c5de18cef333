import { defineKind, nullable } from './shared/define';

/** 定位: an address with coordinates ({ fullAddress, lng, lat, … }) or address text. */
export const location = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'string or object (address, coordinates)', default: '""' },
  value: () => nullable(['string', 'object']),
  defaultValue: () => '',
  search: { mode: 'contains', input: 'text' },
  relatable: false,
});
