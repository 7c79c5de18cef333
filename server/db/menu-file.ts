import fs from 'node:fs';
import { Ajv } from 'ajv';
import type { Db } from '.';
import { newId } from './ids';
import type { AuthorizeRow, ModuleItemRow, ModuleRow } from './schema';
import menuSchema from '../../src/schemas/menu.schema.json';
import { storedAddress } from '../../src/runtime/menu/routes';
import type { Translations } from '../../src/runtime/i18n/texts';

/** One entry of schemas/menu.json (see src/schemas/menu.schema.json). */
export interface MenuFileEntry {
  type: number;
  fullName: string;
  /** The title in other languages (zh-TW, en), stored in base_module.full_name_i18n. */
  fullName_i18n?: Translations;
  enCode: string;
  icon?: string;
  url?: string;
  linkTarget?: '_self' | '_blank';
  moduleId?: string;
  isTree?: 0 | 1;
  hidden?: boolean;
  roles?: string[];
  items?: { kind: ModuleItemRow['kind']; enCode: string; fullName: string; fullName_i18n?: Translations; roles?: string[] }[];
  children?: MenuFileEntry[];
}

const validateShape = new Ajv({ allErrors: true }).compile(menuSchema);

/** What is wrong with a menu document's shape (`{ menu: [...] }`), as "path: message" lines; empty when nothing. */
export function menuShapeProblems(json: unknown): string[] {
  if (validateShape(json)) return [];
  return (validateShape.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

/** Reads and checks the menu file; problems name the file and the JSON path. */
export function readMenuFile(file: string): MenuFileEntry[] {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!validateShape(json)) {
    const problems = (validateShape.errors ?? []).map((e) => `${file}:${e.instancePath || '/'}: ${e.message}`);
    throw new Error(`menu file is invalid:\n  ${problems.join('\n  ')}`);
  }
  return (json as { menu: MenuFileEntry[] }).menu;
}

const i18nText = (t: Translations | undefined) => (t && Object.keys(t).length ? JSON.stringify(t) : null);

/**
 * Adds the menu entries (matched by enCode) and permission items the database lacks, with
 * grants for the roles each names; children inherit their parent's roles. Existing entries
 * stay as administrators edited them, except that one still carrying the file's own title and
 * no translations gets the file's translations (an installation made before they existed), and a page
 * entry without propertyJson gets the file's moduleId (its admin descriptor came later).
 * An entry whose code an administrator deleted (base_module_removed) is not added again, nor
 * its file children (menu management, docs/DECISIONS.md).
 * Returns the number of entries added.
 */
export async function syncMenu(db: Db, entries: MenuFileEntry[], now = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const system = await trx.selectFrom('baseSystem').select('id').where('enabledMark', '=', 1).orderBy('sortCode').executeTakeFirst();
    if (!system) return 0;
    const rows = await trx.selectFrom('baseModule').select(['id', 'enCode', 'fullName', 'fullNameI18n', 'type', 'propertyJson']).execute();
    const existing = new Map(rows.map((m) => [m.enCode, m.id]));
    const removed = new Set((await trx.selectFrom('baseModuleRemoved').select('enCode').execute()).map((r) => r.enCode));
    const untranslated = new Map(rows.filter((m) => !m.fullNameI18n).map((m) => [m.enCode, m.fullName]));
    const unlinkedPages = new Set(rows.filter((m) => m.type === 2 && !m.propertyJson).map((m) => m.enCode));
    const linkPages: { id: string; propertyJson: string }[] = [];
    const translate: { id: string; fullNameI18n: string }[] = [];
    const roleIds = new Map((await trx.selectFrom('baseRole').select(['id', 'enCode']).execute()).map((r) => [r.enCode, r.id]));
    const knownItems = new Set((await trx.selectFrom('baseModuleItem').select(['moduleId', 'kind', 'enCode']).execute()).map((i) => `${i.moduleId}/${i.kind}/${i.enCode}`));

    const modules: ModuleRow[] = [];
    const items: ModuleItemRow[] = [];
    const grants: AuthorizeRow[] = [];
    const grant = (roles: string[], itemType: AuthorizeRow['itemType'], itemId: string) => {
      for (const code of roles) {
        const objectId = roleIds.get(code);
        if (objectId) grants.push({ id: newId(), objectType: 'Role', objectId, itemType, itemId });
      }
    };

    const walk = (list: MenuFileEntry[], parentId: string, inherited: string[]) => {
      list.forEach((entry, index) => {
        const roles = entry.roles ?? inherited;
        if (removed.has(entry.enCode) && !existing.has(entry.enCode)) return;
        let id = existing.get(entry.enCode);
        const translations = i18nText(entry.fullName_i18n);
        if (id && translations && untranslated.get(entry.enCode) === entry.fullName) translate.push({ id, fullNameI18n: translations });
        // a page entry installed before its admin descriptor existed gets the file's moduleId (an edited propertyJson is kept)
        if (id && entry.moduleId && entry.type === 2 && unlinkedPages.has(entry.enCode)) linkPages.push({ id, propertyJson: JSON.stringify({ moduleId: entry.moduleId, isTree: entry.isTree ?? 0 }) });
        if (!id) {
          id = newId();
          existing.set(entry.enCode, id);
          modules.push({
            id, parentId, systemId: system.id, type: entry.type, fullName: entry.fullName, fullNameI18n: translations, enCode: entry.enCode,
            icon: entry.icon ?? null, urlAddress: storedAddress(entry.type, entry.url), linkTarget: entry.linkTarget ?? null,
            propertyJson: entry.moduleId ? JSON.stringify({ moduleId: entry.moduleId, isTree: entry.isTree ?? 0 }) : null,
            sortCode: index, enabledMark: 1, isHidden: entry.hidden ? 1 : 0, description: null, createdAt: now,
          });
          grant(roles, 'module', id);
        }
        (entry.items ?? []).forEach((item, sortCode) => {
          const key = `${id}/${item.kind}/${item.enCode}`;
          if (knownItems.has(key)) return;
          knownItems.add(key);
          const itemId = newId();
          items.push({ id: itemId, moduleId: id, kind: item.kind, fullName: item.fullName, fullNameI18n: i18nText(item.fullName_i18n), enCode: item.enCode, sortCode });
          grant(item.roles ?? [], item.kind, itemId);
        });
        if (entry.children) walk(entry.children, id, roles);
      });
    };
    walk(entries, '-1', []);

    if (modules.length) await trx.insertInto('baseModule').values(modules).execute();
    if (items.length) await trx.insertInto('baseModuleItem').values(items).execute();
    if (grants.length) await trx.insertInto('baseAuthorize').values(grants).execute();
    for (const t of translate) await trx.updateTable('baseModule').set({ fullNameI18n: t.fullNameI18n }).where('id', '=', t.id).execute();
    for (const l of linkPages) await trx.updateTable('baseModule').set({ propertyJson: l.propertyJson }).where('id', '=', l.id).execute();
    return modules.length;
  });
}
