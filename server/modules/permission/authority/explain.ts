import type { Db } from '../../../db';
import type { AuthorizeRow } from '../../../db/schema';
import { effectiveRoles, grantRowsOf, openedModel, scopeFactsOf } from '../../../auth/grants';
import { type RecordScope, unionScope, WHOLE_SCOPE } from '../../../auth/data-scope';
import { MENU_API_CODES } from '../../../auth/menu-codes';
import { AppError } from '../../../http/errors';
import { nameIn } from '../../../http/translations';
import { releasedModel } from '../../visualdev/model-store';
import { indexedFields } from '../../visualdev/record-store';
import { ReplyCode } from '../../../../src/runtime/codes';
import type { Locale } from '../../../../src/runtime/i18n';
import { menuOrMissing } from './schemes';

/**
 * Explain access: for a user and a menu entry, which of the user's roles are in force (and why
 * not, when not), which of them grant the menu, each button, column and form code and each data
 * scheme, the base_authorize rows behind each answer, and the data scope that results. It reads
 * the same tables and the same functions (grants.ts, data-scope.ts) the server enforces with.
 */
type Row = Pick<AuthorizeRow, 'id' | 'objectId' | 'itemType' | 'itemId'>;

export async function explainAccess(db: Db, userId: string, menuId: string, locale: Locale) {
  const user = await db.selectFrom('baseUser').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw new AppError(ReplyCode.notFound, 'authority.userNotFound');
  const menu = await menuOrMissing(db, menuId);
  const administrator = user.isAdministrator === 1;
  const roles = (await effectiveRoles(db, user)).map((r) => ({
    id: r.id, fullName: r.fullName, enCode: r.enCode, globalMark: r.globalMark, enabledMark: r.enabledMark, inForce: r.inForce,
    reason: r.enabledMark !== 1 ? 'disabled' : r.globalMark === 1 ? 'global' : r.inForce ? 'organisation' : 'notInOrganisation',
    viaOrganizeIds: r.viaOrganizeIds, relationId: r.relationId,
  }));
  const inForce = roles.filter((r) => r.inForce).map((r) => r.id);
  const rows: Row[] = (await grantRowsOf(db, inForce)).map(({ id, objectId, itemType, itemId }) => ({ id, objectId, itemType, itemId }));
  const rowsFor = (type: AuthorizeRow['itemType'], itemId: string) => rows.filter((r) => r.itemType === type && r.itemId === itemId);
  const answer = (type: AuthorizeRow['itemType'], itemId: string) => {
    const behind = rowsFor(type, itemId);
    return { granted: administrator || behind.length > 0, roleIds: [...new Set(behind.map((r) => r.objectId))], rows: behind };
  };
  const menuAnswer = answer('module', menu.id);
  const menuHeld = menuAnswer.granted;

  const items = await db.selectFrom('baseModuleItem').selectAll().where('moduleId', '=', menu.id).orderBy('kind').orderBy('sortCode').execute();
  const itemAnswers = items.map((i) => {
    const a = answer(i.kind, i.id);
    // an item counts only with its menu
    return { id: i.id, kind: i.kind, enCode: i.enCode, fullName: nameIn(locale, i), ...a, granted: a.granted && menuHeld };
  });
  const schemes = await db.selectFrom('baseModuleDataScheme').selectAll().where('moduleId', '=', menu.id).orderBy('sortCode').execute();
  const schemeAnswers = schemes.map((s) => {
    const a = answer('resource', s.id);
    return { id: s.id, enCode: s.enCode, fullName: nameIn(locale, s), scopeType: s.scopeType, conditionJson: s.conditionJson, enabledMark: s.enabledMark, ...a, granted: a.granted && menuHeld && s.enabledMark === 1 };
  });

  // the data scope the record routes apply on this menu's model
  const modelId = openedModel(menu.propertyJson);
  let judged = false;
  let scope: RecordScope = WHOLE_SCOPE;
  const model = modelId ? await db.selectFrom('baseVisualdev').select(['id', 'releasedAt']).where('id', '=', modelId).executeTakeFirst() : undefined;
  if (model?.releasedAt != null && !administrator) {
    const compiled = await releasedModel(db, model.id, locale);
    judged = compiled.usePermission.data;
    if (judged) {
      const held = schemes.filter((s) => schemeAnswers.find((a) => a.id === s.id)?.granted);
      scope = menuHeld ? unionScope(held, await scopeFactsOf(db, user), new Set(indexedFields(compiled).keys())) : { all: false, anyOf: [] };
    }
  }
  const apiCodes = (MENU_API_CODES[menu.enCode] ?? []).map((code) => ({ code, granted: menuHeld, viaMenu: true }));
  return {
    user: { id: user.id, account: user.account, realName: user.realName, enabledMark: user.enabledMark, isAdministrator: administrator },
    menu: { id: menu.id, fullName: nameIn(locale, menu), enCode: menu.enCode, type: menu.type, moduleId: modelId },
    administrator,
    roles,
    menuGrant: menuAnswer,
    items: itemAnswers,
    schemes: schemeAnswers,
    dataScope: { judged, ...scope },
    apiCodes,
  };
}
