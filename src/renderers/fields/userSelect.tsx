import { pickerRenderer } from './shared/pickers/Picker';
import { restricted, userLeft } from './shared/pickers/UserLeft';
import type { MessageKey } from '../../runtime/i18n';
import type { DataProvider } from '../data/provider';
import { fetchFirstPage } from './shared/pickers/userFirstPage';

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

/** 用户选择: a user (or several when multiple); the value is the user's id, as the runtime definition stores it. */
export const userSelectRenderer = pickerRenderer<'userSelect'>({ titleKey: 'pickers.title.user', tabs: userTabs, Left: userLeft(false), prefetch: prefetchUsers });
