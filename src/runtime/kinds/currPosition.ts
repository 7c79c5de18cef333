import { onCreate, systemKind } from './shared/families';

/** 所属岗位: the creator's main position. */
export const currPosition = systemKind(onCreate((c) => c.positionId), { refs: 'position' });
