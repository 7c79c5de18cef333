import type { CompiledModel, FieldError } from '../../runtime/model/compiled';
import type { RendererT } from '../i18n';

/**
 * The field messages of a refused save. The server refuses a record with code 400 and
 * `data.errors: [{ field, message }]`; the API client rejects with an error carrying that
 * `data` (ApiError), and so do the data provider's createRecord and updateRecord. Anything else
 * (a network failure, a refusal without field messages) has none.
 */
export function refusalErrors(error: unknown): FieldError[] {
  const data = (error as { data?: unknown } | null)?.data as { errors?: unknown } | null | undefined;
  if (!data || !Array.isArray(data.errors)) return [];
  return data.errors.filter((e): e is FieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string' && !!e.message);
}

/** Where a form shows messages: under the fields it shows, and above it for the rest. */
export interface PlacedMessages {
  /** One message per shown field (its first), a sub-table row's message prefixed with the row. */
  byField: Record<string, string>;
  /** Messages about fields the form does not show (hidden, not permitted, unknown to it), in order, once each. */
  elsewhere: string[];
}

/**
 * Places validation messages (the browser's or the server's, the same shape) on a form: `field`
 * is a key or `table.rowIndex.column`; a sub-table's message goes under the table, naming the row,
 * and under its cell (key `table.rowIndex.column` of byField).
 */
export function placeMessages(model: CompiledModel, shown: ReadonlySet<string>, errors: FieldError[], t: RendererT): PlacedMessages {
  const byField: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const { field, message } of errors) {
    const [key = '', row, column] = field.split('.');
    if (!model.form.fields[key] || !shown.has(key)) {
      if (!elsewhere.includes(message)) elsewhere.push(message);
      continue;
    }
    const index = Number(row);
    // a sub-table cell's own message, shown in its cell (its first), besides the table's line
    if (column !== undefined && Number.isInteger(index)) byField[`${key}.${index}.${column}`] ??= message;
    if (key in byField) continue;
    byField[key] = row !== undefined && Number.isInteger(index) ? t('renderers.rowMessage', { row: index + 1, message }) : message;
  }
  return { byField, elsewhere };
}
