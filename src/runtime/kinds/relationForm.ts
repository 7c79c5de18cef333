import { scalarValue } from './shared/define';
import { textKind } from './shared/families';

/** 关联表单: a record of another model. */
export const relationForm = textKind({ value: scalarValue, defaultValue: '', doc: 'id' });
