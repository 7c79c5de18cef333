import { onCreate, systemKind } from './shared/families';

/** 所属部门: the creator's department. */
export const currDept = systemKind(onCreate((c) => c.departmentId), { refs: 'organize' });
