import { pickerRenderer } from './shared/pickers/Picker';
import { restricted, userLeft } from './shared/pickers/UserLeft';
import type { MessageKey } from '../../runtime/i18n';
import type { PickedItem } from './shared/pickers/selection';
import type { DataProvider } from '../data/provider';
import { fetchFirstPage } from './shared/pickers/userFirstPage';
import { APPROVER_WIDTH, approverConfirmError, isApprover } from './shared/pickers/approver';

/**
 * The user picker's tabs (widgets spec 2.1): in mode 'all' 全部数据, 当前组织, 我的下属, and
 * 系统变量 when the field enables system variables (`hasSys`); restricted modes (dep, pos, role,
 * group, custom) show one paged list, 全部数据.
 */
export function userTabs(props: Record<string, unknown>): { value: string; labelKey: MessageKey }[] {
  if (restricted(props)) return [{ value: 'all', labelKey: 'pickers.tab.all' }];
  return [
    { value: 'all', labelKey: 'pickers.tab.all' },
    { value: 'current', labelKey: 'pickers.tab.current' },
    { value: 'subordinates', labelKey: 'pickers.tab.subordinates' },
    ...(props.hasSys === true ? [{ value: 'system', labelKey: 'pickers.tab.system' as const }] : []),
  ];
}

/** Mode 'all' opens on 全部数据's tree: its first page is asked as the field is pressed. */
export const prefetchUsers = (data: DataProvider, props: Record<string, unknown>) => (restricted(props) ? undefined : fetchFirstPage(data));

/** The person picker (`selectType: 'approver'`): 450 px, the tree alone, a choice required to confirm. */
export const approverVariant = {
  tabs: (props: Record<string, unknown>) => (isApprover(props) ? undefined : userTabs(props)),
  dialog: (props: Record<string, unknown>) => (isApprover(props) ? { width: APPROVER_WIDTH, noSelectedPane: true } : undefined),
  confirmError: (draft: readonly PickedItem[], props: Record<string, unknown>) => (isApprover(props) ? approverConfirmError(draft, props) : null),
};

/** 用户选择: a user (or several when multiple); the value is the user's id, as the runtime definition stores it. */
export const userSelectRenderer = pickerRenderer<'userSelect'>({ titleKey: 'pickers.title.user', Left: userLeft(false), prefetch: prefetchUsers, ...approverVariant });
