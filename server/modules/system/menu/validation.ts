import { translate, type Locale } from '../../../../src/runtime/i18n';
import type { MessageKey } from '../../../../src/runtime/i18n/catalogue';
import { isMenuIconName } from '../../../../src/runtime/menu/icons';
import { isAbsoluteUrl, storedAddress } from '../../../../src/runtime/menu/routes';
import { matchesShared } from '../../../../src/runtime/validation';
import { refuse } from '../../../http/errors';
import { translationsColumn } from '../../../http/translations';

/** What a menu entry opens (spec 2.4): the types whose page is drawn from a linked module. */
export const LINKED_TYPES: Readonly<Record<number, LinkKind>> = { 3: 'model', 4: 'dictionary', 5: 'report', 8: 'portal' };
export type LinkKind = 'model' | 'dictionary' | 'report' | 'portal' | 'resource';
/** Types that may hold children: directory (0) and menu group (1). */
export const FOLDER_TYPES: ReadonlySet<number> = new Set([0, 1]);

export const kindKey = (kind: LinkKind) => `menuAdmin.kind.${kind}` as MessageKey;

/** Answers whether a linked module exists; menu management is given one (link-targets.ts). */
export interface LinkChecker {
  exists(kind: LinkKind, id: string): Promise<boolean>;
}

export interface EntryInput {
  type?: unknown;
  fullName?: string | null;
  fullName_i18n?: Record<string, string> | null;
  fullNameZhTW?: string | null;
  fullNameEn?: string | null;
  enCode?: string | null;
  icon?: string | null;
  urlAddress?: string | null;
  linkTarget?: string | null;
  moduleId?: string | null;
  isTree?: number | boolean | null;
  isHidden?: number | boolean | null;
  sortCode?: number | null;
  enabledMark?: number | null;
  description?: string | null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v !== 'object' && String(v).trim() === '');
const text = (v: unknown) => (blank(v) ? null : String(v).trim());
const flag = (v: unknown) => (v === 1 || v === true || v === '1' ? 1 : 0);

/** An in-app path: segments of letters, digits, - _ . and an optional query; no scheme, spaces or "..". */
const IN_APP_ADDRESS = /^\/?[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?(\?[^\s#]*)?$/;

/** The translations from the map and the form's two flat fields (the flat ones win: that is what the form edits). */
function translations(input: EntryInput): string | null {
  const map: Record<string, string> = { ...(input.fullName_i18n ?? {}) };
  if (input.fullNameZhTW !== undefined) map['zh-TW'] = input.fullNameZhTW ?? '';
  if (input.fullNameEn !== undefined) map.en = input.fullNameEn ?? '';
  for (const [k, v] of Object.entries(map)) if (!v || !v.trim()) delete map[k];
  return translationsColumn(Object.keys(map).length ? map : null);
}

/**
 * The entry form, per type (spec 2.4): returns the row values. Fields a type has no use for are
 * dropped (a directory keeps no address), so switching an entry's type leaves nothing stale.
 */
export async function validateEntry(input: EntryInput, links: LinkChecker, locale: Locale) {
  const type = Number(input.type);
  if (blank(input.type) || !Number.isInteger(type) || type < 0 || type > 8) throw refuse('menuAdmin.typeInvalid');

  const fullName = text(input.fullName);
  if (!fullName) throw refuse('menuAdmin.nameRequired');
  if (fullName.length > 50) throw refuse('menuAdmin.nameTooLong');
  const fullNameI18n = translations(input);

  const enCode = text(input.enCode);
  if (!enCode) throw refuse('menuAdmin.codeRequired');
  if (enCode.length > 50) throw refuse('menuAdmin.codeTooLong');
  if (!matchesShared('code', enCode)) throw refuse('menuAdmin.codePattern');

  const icon = text(input.icon);
  if (icon && !isMenuIconName(icon)) throw refuse('menuAdmin.iconInvalid');

  let urlAddress: string | null = null;
  let linkTarget: string | null = null;
  let propertyJson: string | null = null;
  const address = text(input.urlAddress);
  if (address && address.length > 500) throw refuse('menuAdmin.addressTooLong');
  const moduleId = text(input.moduleId);

  if (type === 2 || LINKED_TYPES[type]) {
    // a page needs its address; generated pages fall back to /<kind>/<code> without one
    if (type === 2 && !address) throw refuse('menuAdmin.addressRequired');
    if (address && (isAbsoluteUrl(address) || !IN_APP_ADDRESS.test(address) || address.includes('..'))) throw refuse('menuAdmin.addressInApp');
    urlAddress = storedAddress(type, address);
    const kind: LinkKind = LINKED_TYPES[type] ?? 'resource';
    if (LINKED_TYPES[type] && !moduleId) throw refuse('menuAdmin.linkRequired', { kind: translate(locale, kindKey(kind)) });
    if (moduleId) {
      if (!(await links.exists(kind, moduleId))) throw refuse('menuAdmin.linkNotFound', { kind: translate(locale, kindKey(kind)), id: moduleId });
      propertyJson = JSON.stringify(LINKED_TYPES[type] ? { moduleId, isTree: flag(input.isTree) } : { moduleId, isTree: 0 });
    }
  } else if (type === 6) {
    if (!address) throw refuse('menuAdmin.addressRequired');
    if (!/^(https?:\/\/|\$\{dataV\})/i.test(address) || /\s/.test(address)) throw refuse('menuAdmin.addressVisualisation');
    urlAddress = address;
  } else if (type === 7) {
    if (!address) throw refuse('menuAdmin.addressRequired');
    if (!/^https?:\/\/[^\s/]+/i.test(address) || /\s/.test(address)) throw refuse('menuAdmin.addressHttp');
    urlAddress = address;
    linkTarget = text(input.linkTarget) ?? '_blank';
    if (linkTarget !== '_self' && linkTarget !== '_blank') throw refuse('menuAdmin.targetInvalid');
  }

  const sortCode = input.sortCode ?? 0;
  if (!Number.isInteger(sortCode) || sortCode < 0 || sortCode > 999999) throw refuse('dictionary.sortRange');
  const enabledMark = input.enabledMark ?? 1;
  if (enabledMark !== 0 && enabledMark !== 1) throw refuse('dictionary.statusInvalid');
  return {
    type, fullName, fullNameI18n, enCode, icon, urlAddress, linkTarget, propertyJson,
    isHidden: flag(input.isHidden), sortCode, enabledMark, description: text(input.description),
  };
}
