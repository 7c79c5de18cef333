import { describe, expect, it } from 'vitest';
import { translate } from '../../src/runtime/i18n';
import { approverConfirmError, isApprover } from '../../src/renderers/fields/shared/pickers/approver';
import { restricted } from '../../src/renderers/fields/shared/pickers/UserLeft';
import { approverVariant } from '../../src/renderers/fields/userSelect';

const picked = [{ key: 'u1', value: 'u1', label: '张三' }];
const say = (e: ReturnType<typeof approverConfirmError>, locale: 'zh-CN' | 'zh-TW' | 'en') => (e ? translate(locale, e.key, e.params) : null);

describe('the person picker (selectType approver, widgets spec 2.1)', () => {
  it('refuses a confirm without a choice: 请选择审批人, or 请选择{title} when the field has a title, in three languages', () => {
    const none = approverConfirmError([], {});
    expect(say(none, 'zh-CN')).toBe('请选择审批人');
    expect(say(none, 'zh-TW')).toBe('請選擇審批人');
    expect(say(none, 'en')).toBe('Please select the approver');
    const titled = approverConfirmError([], { title: ' 会签人 ' });
    expect(say(titled, 'zh-CN')).toBe('请选择会签人');
    expect(say(titled, 'en')).toBe('Please select 会签人');
    expect(say(approverConfirmError([], { title: '  ' }), 'zh-CN')).toBe('请选择审批人');
  });

  it('lets a confirm with a choice through', () => {
    expect(approverConfirmError(picked, {})).toBeNull();
    expect(approverConfirmError(picked, { title: '审批人' })).toBeNull();
  });

  it('applies only to the approver variant: 450 px without tabs or 已选 pane, over everyone (not a restricted mode)', () => {
    const approver = { selectType: 'approver' };
    expect(isApprover(approver)).toBe(true);
    expect(restricted(approver)).toBe(false);
    expect(approverVariant.dialog(approver)).toEqual({ width: 450, noSelectedPane: true });
    expect(approverVariant.tabs(approver)).toBeUndefined();
    expect(approverVariant.confirmError([], approver)?.key).toBe('pickers.approver.required');
    // the plain user picker confirms an empty choice (it clears the value) and keeps its tabs and width
    expect(approverVariant.confirmError([], { selectType: 'all' })).toBeNull();
    expect(approverVariant.dialog({})).toBeUndefined();
    expect(approverVariant.tabs({})?.map((t) => t.value)).toEqual(['all', 'current', 'subordinates']);
  });
});
