import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { audit, type AuditActor } from '../../audit/record';
import { newId } from '../../db/ids';
import { refuse } from '../../http/errors';
import { translationsOf, TranslationsSchema } from '../../http/translations';
import { entriesOf, findType, findTypeByCode, type DbOrTrx } from './repository';
import { validateEntry, validateType } from './validation';

/** The export file of one category: the category and all its entries (ids kept for parent links). */
export const ExportFile = Type.Object({
  kind: Type.Literal('dictionary'),
  version: Type.Literal(1),
  type: Type.Object({
    id: Type.String(),
    parentId: Type.String(),
    fullName: Type.String(),
    fullName_i18n: Type.Optional(Type.Union([TranslationsSchema, Type.Null()])),
    enCode: Type.String(),
    isTree: Type.Integer(),
    sortCode: Type.Integer(),
    description: Type.Union([Type.String(), Type.Null()]),
  }),
  entries: Type.Array(
    Type.Object({
      id: Type.String(),
      parentId: Type.String(),
      fullName: Type.String(),
      fullName_i18n: Type.Optional(Type.Union([TranslationsSchema, Type.Null()])),
      enCode: Type.String(),
      sortCode: Type.Integer(),
      enabledMark: Type.Integer(),
      description: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type ExportFile = Static<typeof ExportFile>;

export async function exportCategory(db: DbOrTrx, typeId: string): Promise<ExportFile | null> {
  const type = await findType(db, typeId);
  if (!type) return null;
  const entries = await entriesOf(db, typeId);
  return {
    kind: 'dictionary',
    version: 1,
    type: { id: type.id, parentId: type.parentId, fullName: type.fullName, fullName_i18n: translationsOf(type.fullNameI18n), enCode: type.enCode, isTree: type.isTree, sortCode: type.sortCode, description: type.description },
    entries: entries.map((e) => ({ id: e.id, parentId: e.parentId, fullName: e.fullName, fullName_i18n: translationsOf(e.fullNameI18n), enCode: e.enCode, sortCode: e.sortCode, enabledMark: e.enabledMark, description: e.description })),
  };
}

/**
 * Imports an export file as a new category with new ids. A category with the same code is
 * refused (no silent merge). The parent category is kept when it exists here, else the
 * category becomes a root. Every entry passes the same validation as the entry form.
 */
export async function importCategory(db: DbOrTrx, raw: unknown, actor: AuditActor): Promise<{ id: string; entries: number }> {
  if (!Value.Check(ExportFile, raw)) {
    const first = [...Value.Errors(ExportFile, raw)][0];
    throw refuse('dictionary.importInvalid', { detail: first ? `${first.instancePath || '/'} ${first.message}` : 'JSON' });
  }
  const file = raw;
  if (await findTypeByCode(db, file.type.enCode)) throw refuse('dictionary.importCodeExists', { code: file.type.enCode });
  const parentExists = file.type.parentId !== '-1' && Boolean(await findType(db, file.type.parentId));
  const type = validateType({ ...file.type, parentId: parentExists ? file.type.parentId : '-1' });
  const typeId = newId();
  const now = Date.now();
  await db.insertInto('baseDictionaryType').values({ id: typeId, ...type, createdAt: now }).execute();
  await audit(db, actor, { entity: 'dictionaryType', entityId: typeId, action: 'create', after: type });

  const idMap = new Map(file.entries.map((e) => [e.id, newId()]));
  const seen = new Set<string>();
  const rows = file.entries.map((e) => {
    const parentId = e.parentId !== '0' && idMap.has(e.parentId) && type.isTree === 1 ? idMap.get(e.parentId)! : '0';
    const entry = validateEntry({ ...e, dictionaryTypeId: typeId, parentId });
    if (seen.has(entry.enCode)) throw refuse('dictionary.entryCodeExists');
    seen.add(entry.enCode);
    return { id: idMap.get(e.id)!, ...entry, createdAt: now };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('baseDictionaryData').values(rows.slice(i, i + 200)).execute();
  // one row per entry, as the entry form would have written: an import is every create it makes
  for (const row of rows) await audit(db, actor, { entity: 'dictionaryData', entityId: row.id, action: 'create', after: row });
  return { id: typeId, entries: rows.length };
}
