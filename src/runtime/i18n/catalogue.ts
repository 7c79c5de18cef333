import { oauthMessages } from './areas/oauth';
import { appMessages } from './areas/app';
import { serverMessages } from './areas/server';
import { renderersMessages } from './areas/renderers';
import { visualdevMessages } from './areas/visualdev';
import { validationMessages } from './areas/validation';
import { compileMessages } from './areas/compile';
import { dictionaryMessages } from './areas/dictionary';
import { profileMessages } from './areas/profile';
import { shellMessages } from './areas/shell';
import { meMessages } from './areas/me';
import { shortLinkMessages } from './areas/shortLink';
import { kindsMessages } from './areas/kinds';
import { datesMessages } from './areas/dates';
import { areaMessages } from './areas/area';
import { roleMessages } from './areas/role';
import { organizeMessages } from './areas/organize';
import { usersMessages } from './areas/users';
import { authorityMessages } from './areas/authority';
import { adminMessages } from './areas/admin';
import { interfaceAccessMessages } from './areas/interfaceAccess';
import { billRuleMessages } from './areas/billRule';
import { messageTemplateMessages } from './areas/messageTemplate';
import { dataInterfaceAdminMessages } from './areas/dataInterfaceAdmin';
import { keyboardMessages } from './areas/keyboard';
import { dictionaryAdminMessages } from './areas/dictionaryAdmin';
import { a11yMessages } from './areas/a11y';
import { sysConfigMessages } from './areas/sysConfig';
import { logsMessages } from './areas/logs';
import { onlineDevMessages } from './areas/onlineDev';
import { printDevMessages } from './areas/printDev';
import { menuAdminMessages } from './areas/menuAdmin';
import { consoleExtrasMessages } from './areas/consoleExtras';
import { pickersMessages } from './areas/pickers';
import { popupSelectMessages } from './areas/popupSelect';
import { selectorsMessages } from './areas/selectors';
import { recordRefsMessages } from './areas/recordRefs';
import { messagesMessages } from './areas/messages';
import { chatUiMessages } from './areas/chatUi';
import { fundsMessages } from './areas/funds';
import { stockMessages } from './areas/stock';
import { goodsMessages } from './areas/goods';
import { ordersMessages } from './areas/orders';
import { pickupMessages } from './areas/pickup';
import { flowMessages } from './areas/flow';
import { flowAdminMessages } from './areas/flowAdmin';
import { flowHandlesMessages } from './areas/flowHandles';
import { flowUiMessages } from './areas/flowUi';
import { flowLaunchMessages } from './areas/flowLaunch';
import { orderInfoMessages } from './areas/orderInfo';
import { debtsMessages } from './areas/debts';
import { certificationMessages } from './areas/certification';
import { mailboxMessages } from './areas/mailbox';
import { uploadMessages } from './areas/upload';
import { codesMessages } from './areas/codes';
import { subTableMessages } from './areas/subTable';
import { bulkImportMessages } from './areas/bulkImport';
import { deployMessages } from './areas/deploy';

/**
 * The catalogues are assembled from one file per area under areas/ (each holds its three
 * languages side by side). Adding an area = one file + one line in each spread below.
 */
const areas = [renderersMessages, serverMessages, oauthMessages, appMessages, validationMessages, compileMessages, visualdevMessages, dictionaryMessages, profileMessages, shellMessages, meMessages, shortLinkMessages, kindsMessages, datesMessages, areaMessages, roleMessages, organizeMessages, usersMessages, authorityMessages, adminMessages, interfaceAccessMessages, billRuleMessages, keyboardMessages, dictionaryAdminMessages, a11yMessages, sysConfigMessages, logsMessages, messageTemplateMessages, dataInterfaceAdminMessages, onlineDevMessages, printDevMessages, menuAdminMessages, consoleExtrasMessages, pickersMessages, popupSelectMessages, selectorsMessages, recordRefsMessages, messagesMessages, chatUiMessages, uploadMessages, codesMessages, subTableMessages, bulkImportMessages, fundsMessages, stockMessages, goodsMessages, ordersMessages, pickupMessages, flowMessages, flowAdminMessages, flowHandlesMessages, flowUiMessages, flowLaunchMessages, orderInfoMessages, debtsMessages, certificationMessages, mailboxMessages, deployMessages] as const;

type Area = (typeof areas)[number];
export type MessageKey = Area extends infer A ? (A extends { 'zh-CN': Record<infer K, string> } ? K : never) : never;

function merge(locale: 'zh-CN' | 'zh-TW' | 'en'): Record<MessageKey, string> {
  return Object.assign({}, ...areas.map((area) => area[locale])) as Record<MessageKey, string>;
}

export const zhCN = merge('zh-CN');
export const zhTW = merge('zh-TW');
export const en = merge('en');
