import type { CompiledModel, FieldError, RecordValidator } from '../../runtime/model/compiled';
import type { RendererT } from '../i18n';
import { fieldKeysOf } from '../layout/panes';
import { placeMessages } from './refusal';
import type { FormStore } from './store';

/**
 * The messages of one form: the browser's check with the shared validator (the server's own)
 * and the messages of a refused save, both placed on the fields the form shows.
 */
export interface FormChecker {
  /** Checks every field (submit) or some (blur, typing); returns the messages by field. */
  check(keys?: string[]): Record<string, string>;
  /** Puts a refusal's messages under their fields; returns the messages about fields the form does not show. */
  refused(errors: FieldError[]): string[];
  /** Forgets the server's messages (the next save asks the server again). */
  clearRefusal(): void;
  /** The first field in layout order that shows a message. */
  firstShown(): string | null;
}

export interface CheckerOptions {
  model: CompiledModel;
  store: FormStore;
  /** Keys the form shows (visibility, noShow, permission). */
  visible: ReadonlySet<string>;
  validator: RecordValidator;
  mode: 'create' | 'update';
  t: RendererT;
}

export function createFormChecker({ model, store, visible, validator, mode, t }: CheckerOptions): FormChecker {
  // A server message stays on its field until the value changes: the browser cannot re-check it.
  const server = new Map<string, { message: string; value: unknown }>();
  let order: string[] | null = null;

  const browserMessages = () => placeMessages(model, visible, validator.validate(model, store.getValues(), mode), t).byField;
  const withServer = (messages: Record<string, string>, keys: Iterable<string>) => {
    for (const key of keys) {
      const held = server.get(key);
      if (!held) continue;
      if (!Object.is(valueAt(store, key), held.value)) server.delete(key);
      else messages[key] ??= held.message;
    }
    return messages;
  };

  return {
    check(keys) {
      const messages = withServer(browserMessages(), keys ?? [...server.keys()]);
      if (!keys) store.setErrors(messages, true);
      else store.setErrors(Object.fromEntries(keys.map((k) => [k, messages[k]])));
      return messages;
    },
    refused(errors) {
      const placed = placeMessages(model, visible, errors, t);
      for (const [key, message] of Object.entries(placed.byField)) server.set(key, { message, value: valueAt(store, key) });
      store.markSubmitted();
      store.setErrors({ ...browserMessages(), ...placed.byField }, true);
      return placed.elsewhere;
    },
    clearRefusal() {
      server.clear();
    },
    firstShown() {
      order ??= fieldKeysOf(model.form.layout);
      return order.find((key) => store.shownError(key) !== undefined) ?? null;
    },
  };
}

/** A field's value, or a sub-table cell's (`table.row.column`), for telling whether it changed since a refusal. */
function valueAt(store: FormStore, key: string): unknown {
  const [table, row, column] = key.split('.');
  if (column === undefined) return store.getValue(key);
  const rows = store.getValue(table!);
  const values = Array.isArray(rows) ? (rows[Number(row)] as Record<string, unknown> | undefined) : undefined;
  return values?.[column];
}
