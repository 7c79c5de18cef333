import { scalarValue } from './shared/define';
import { optionKind } from './shared/families';

/** 单选框组: one value of the options. */
export const radio = optionKind({ doc: { stores: 'string or number (static options → enum)', default: 'null' }, value: scalarValue, defaultValue: () => null }, 'one');
