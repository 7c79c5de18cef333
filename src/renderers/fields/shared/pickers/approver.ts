import type { MessageKey, MessageParams } from '../../../../runtime/i18n';
import type { PickedItem } from './selection';

/**
 * The person picker (widgets spec 2.1, last bullet): a user picker with `selectType: 'approver'`,
 * 450 px wide, the lazy organisation tree only (a keyword turns it into the paged search, as 全部数据
 * does), no tabs and no '已选' pane (the chosen are marked in the tree).
 */
export const isApprover = (props: Record<string, unknown>) => props.selectType === 'approver';
export const APPROVER_WIDTH = 450;

/**
 * Confirming needs a choice: with none, the error names what is to be chosen — the field's
 * `title` prop when it has one ('请选择{title}'), else the approver ('请选择审批人').
 */
export function approverConfirmError(draft: readonly PickedItem[], props: Record<string, unknown>): { key: MessageKey; params?: MessageParams } | null {
  if (draft.length) return null;
  const title = typeof props.title === 'string' ? props.title.trim() : '';
  return title ? { key: 'pickers.approver.selectTitle', params: { title } } : { key: 'pickers.approver.required' };
}
