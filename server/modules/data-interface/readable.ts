import type { Database } from '../../db/schema';

/**
 * What SQL data interfaces may read: the one allow-set, enforced below the SQL text by the
 * database (PostgreSQL column grants to a least-privilege login, pg-reader.ts) and by the
 * compiled-program check (SQLite, sqlite-reader/program-check.ts).
 *
 * A table or column not listed here is unreadable, whatever the SQL says: a new table or a new
 * column stays unreadable until someone adds it here on purpose. Secrets (password hashes,
 * sessions, tickets, SMS and captcha codes, short-link codes, the login log, signature images,
 * login addresses, personal profile data) are simply never listed.
 *
 * Typed against the schema, so a misspelt table or column does not compile.
 */
const READABLE = {
  baseOrganize: ['id', 'parentId', 'category', 'fullName', 'enCode', 'sortCode', 'enabledMark', 'description', 'createdAt'],
  basePosition: ['id', 'organizeId', 'fullName', 'enCode', 'type', 'sortCode', 'enabledMark', 'description', 'createdAt'],
  baseGroup: ['id', 'fullName', 'enCode', 'type', 'sortCode', 'enabledMark', 'description', 'createdAt'],
  baseRole: ['id', 'fullName', 'enCode', 'type', 'globalMark', 'sortCode', 'enabledMark', 'description', 'createdAt'],
  // Who someone is and where they sit; not how they sign in, their contacts or their signature.
  baseUser: ['id', 'account', 'realName', 'gender', 'organizeId', 'positionId', 'managerId', 'userKind', 'enabledMark', 'createdAt'],
  baseUserRelation: ['id', 'userId', 'objectType', 'objectId', 'sortCode'],
  baseDictionaryType: ['id', 'parentId', 'fullName', 'fullNameI18n', 'enCode', 'isTree', 'sortCode', 'description', 'createdAt'],
  baseDictionaryData: ['id', 'dictionaryTypeId', 'parentId', 'fullName', 'fullNameI18n', 'enCode', 'sortCode', 'enabledMark', 'description', 'createdAt'],
  // Model names, to label business records; not the definitions.
  baseVisualdev: ['id', 'fullName', 'fullNameI18n', 'enCode', 'category'],
  visualdevRecord: ['id', 'modelId', 'data', 'createdBy', 'createdAt', 'modifiedBy', 'modifiedAt', 'organizeId', 'departmentId', 'positionId'],
  visualdevRecordValue: ['recordId', 'modelId', 'field', 'textValue', 'numValue'],
} as const satisfies { [T in keyof Database]?: readonly (keyof Database[T] & string)[] };

/** The CamelCasePlugin's mapping: fullNameI18n → full_name_i18n. */
export function snakeName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Table name → readable column names, as stored (snake_case). */
export function readableColumns(): Map<string, ReadonlySet<string>> {
  return new Map(Object.entries(READABLE).map(([table, columns]) => [snakeName(table), new Set((columns as readonly string[]).map(snakeName))]));
}
