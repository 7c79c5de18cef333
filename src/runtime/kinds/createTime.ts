import { onCreate, systemKind } from './shared/families';

/** 创建时间: when the record was created (epoch ms). */
export const createTime = systemKind(onCreate((c) => c.now), { time: true });
