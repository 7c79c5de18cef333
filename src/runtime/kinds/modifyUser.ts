import { onUpdate, systemKind } from './shared/families';

/** 修改人员: the user who last changed the record (empty until a change). */
export const modifyUser = systemKind(onUpdate((c) => c.userId), { refs: 'user' });
