import { onCreate, systemKind } from './shared/families';

/** 创建人员: the user who created the record. */
export const createUser = systemKind(onCreate((c) => c.userId), { refs: 'user' });
