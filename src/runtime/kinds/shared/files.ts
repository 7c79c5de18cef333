import type { CompiledField } from '../../model/compiled';
import type { JsonSchema } from './define';
import { listOf, plainText } from './format';

/** limit → the record schema's maxItems. */
export function maxItemsFromLimit(schema: JsonSchema, field: CompiledField): void {
  if (typeof field.props.limit === 'number' && field.props.limit > 0) schema.maxItems = field.props.limit;
}

/** The names of stored files, comma separated. */
export function fileNames(value: unknown): string {
  return listOf(value).map(plainText).filter(Boolean).join(', ');
}
