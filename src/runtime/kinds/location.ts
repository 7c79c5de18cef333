import { defineKind } from './shared/define';
import { locationSchema, locationText } from './shared/location-value';

/** 定位: an address with coordinates ({ fullAddress, lng, lat }; src/runtime/kinds/shared/location-value.ts). */
export const location = defineKind({
  group: 'widget',
  stores: true,
  doc: { stores: 'object { fullAddress, lng, lat } (or address text)', default: '""' },
  value: locationSchema,
  defaultValue: () => '',
  search: { mode: 'contains', input: 'text' },
  relatable: false,
  // the parts' messages name the field too
  constrain: (schema, field) => {
    for (const part of Object.values((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) part['x-label'] = field.label;
  },
  format: (value) => locationText(value),
});
