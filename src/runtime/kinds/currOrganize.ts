import { onCreate, systemKind } from './shared/families';

/** 所属组织: the creator's company. */
export const currOrganize = systemKind(onCreate((c) => c.companyId), { refs: 'organize' });
