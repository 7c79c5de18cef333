import { refuse } from '../../http/errors';

/**
 * Reading an uploaded model definition (online development's import). Three shapes are read:
 * - an exported model: an object with `formData` (object or JSON text) and usually `fullName`,
 *   `enCode`, `category`, `type`, `columnData`, `tables` — the product's export of a
 *   visual-development row, and the descriptor file our own code download writes;
 * - a bare form definition: an object with a `fields` array (the designer's F_FormData, as the
 *   corpus's forms are), named after its file;
 * - a generator's list items carrying their field configs (an array of `__config__` items), as
 *   a 5.x code generator writes columnList/searchList: each item is a form field and a column.
 * Anything else is refused with what was expected.
 */
export interface ImportedDefinition {
  fullName: string;
  /** The name in other languages as the file carries it (a descriptor's fullName_i18n), unchecked. */
  fullName_i18n: unknown;
  enCode: string;
  category: string | null;
  type: number;
  webType: number;
  description: string | null;
  formData: string;
  columnData: string | null;
  tables: string;
}

const CODE = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const LIST_ONLY = new Set(['label', 'labelI18nCode', 'prop', 'fixed', 'align', 'jnpfKey', 'sortable', 'width', 'id', 'fullName', 'fullNameI18nCode', 'searchType', 'searchMultiple', 'isKeyword']);

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** JSON text of an object stored as text or as an object; null when absent; undefined when unreadable. */
function objectText(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      return isObject(parsed) || Array.isArray(parsed) ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return isObject(value) || Array.isArray(value) ? JSON.stringify(value) : undefined;
}

/** A code from a file name: letters, digits, _ . -, starting with a letter; 'model' when none is left. */
export function codeFromName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '').replace(/\.(form|columns)$/, '').replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[^A-Za-z]+/, '');
  return (base || 'model').slice(0, 40);
}

const baseName = (fileName: string) => fileName.replace(/^.*[\\/]/, '').replace(/\.json$/i, '').replace(/\.(form|columns)$/, '').slice(0, 50) || 'model';

function hasFields(text: string): boolean {
  const parsed = JSON.parse(text) as unknown;
  return isObject(parsed) && Array.isArray(parsed.fields);
}

/** Reads the uploaded bytes as a definition, or refuses (not JSON, not a definition). */
export function readDefinitionFile(bytes: Buffer, fileName: string): ImportedDefinition {
  let raw: unknown;
  try {
    raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw refuse('onlineDev.importNotJson', { detail: (error as Error).message });
  }
  const named = (fullName: unknown, enCode: unknown, fullName_i18n: unknown = null) => ({
    fullName_i18n,
    fullName: typeof fullName === 'string' && fullName.trim() ? fullName.trim().slice(0, 50) : baseName(fileName),
    enCode: typeof enCode === 'string' && CODE.test(enCode) ? enCode.slice(0, 44) : codeFromName(baseName(fileName)),
  });

  if (Array.isArray(raw) && raw.length && raw.every((item) => isObject(item) && isObject(item.__config__))) {
    const items = raw as Record<string, unknown>[];
    const fields = items.map((item) => Object.fromEntries(Object.entries(item).filter(([k]) => !LIST_ONLY.has(k))));
    const search = items.some((item) => item.searchType !== undefined);
    return {
      ...named(null, null), category: null, type: 1, webType: 2, description: null, tables: '[]',
      formData: JSON.stringify({ fields }), columnData: JSON.stringify(search ? { searchList: items } : { columnList: items }),
    };
  }
  if (!isObject(raw)) throw refuse('onlineDev.importNotDefinition');

  if (Array.isArray(raw.fields)) {
    return { ...named(null, null), category: null, type: 1, webType: 2, description: null, tables: '[]', formData: JSON.stringify(raw), columnData: null };
  }

  const formData = objectText(raw.formData);
  if (!formData || !hasFields(formData)) throw refuse('onlineDev.importNotDefinition');
  const columnData = objectText(raw.columnData);
  if (columnData === undefined) throw refuse('onlineDev.importNotDefinition');
  const tables = objectText(raw.tables);
  const type = Number(raw.type);
  const webType = Number(raw.webType);
  return {
    ...named(raw.fullName, raw.enCode, raw.fullName_i18n),
    category: typeof raw.category === 'string' && raw.category ? raw.category.slice(0, 100) : null,
    type: Number.isInteger(type) && type >= 1 && type <= 9 ? type : 1,
    webType: Number.isInteger(webType) && webType >= 1 && webType <= 9 ? webType : 2,
    description: typeof raw.description === 'string' ? raw.description.slice(0, 500) : null,
    formData, columnData, tables: tables ?? '[]',
  };
}
