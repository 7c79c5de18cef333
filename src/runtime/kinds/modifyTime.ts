import { onUpdate, systemKind } from './shared/families';

/** 修改时间: when the record was last changed (empty until a change). */
export const modifyTime = systemKind(onUpdate((c) => c.now), { time: true });
