import type { Transaction } from 'kysely';
import type { Db } from '../../../db';
import type { Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { AppError } from '../../../http/errors';
import type { RealtimeHub } from '../../../realtime/hub';
import { sendTranslated } from '../../message/inbox/translated';
import { MESSAGE_TYPE } from '../../message/inbox/schemas';
import { ReplyCode } from '../../../../src/runtime/codes';
import { formatFen } from '../../../../src/runtime/money';

export interface NewPrice {
  goodsId: string;
  /** fen per tonne, > 0 */
  price: number;
  by: string | null;
  /** when it was set (the demo history); default now */
  at?: number;
}

interface Fired { id: string; userId: string; direction: 'above' | 'below'; threshold: number }

/** Whether a price move crosses an alert: at or past its threshold now, and the previous price was not (none counts as not). */
export function crosses(direction: 'above' | 'below', threshold: number, previous: number | null, price: number): boolean {
  if (direction === 'above') return price >= threshold && (previous === null || previous < threshold);
  return price <= threshold && (previous === null || previous > threshold);
}

/** In `trx`: writes the price history row and the good's latest price, and turns off the alerts it crosses (each once). */
export async function writePrice(trx: Transaction<Database>, p: NewPrice): Promise<{ previous: number | null; fired: Fired[]; name: string; unit: string }> {
  const at = p.at ?? Date.now();
  // the no-op update takes the good's row lock first, so concurrent prices serialise and each sees its true previous
  const locked = await trx.updateTable('bizGoods').set((eb) => ({ priceAt: eb.ref('priceAt') })).where('id', '=', p.goodsId).executeTakeFirst();
  if (Number(locked.numUpdatedRows) !== 1) throw new AppError(ReplyCode.notFound, 'goods.notFound');
  const good = await trx.selectFrom('bizGoods').select(['price', 'fullName', 'unit']).where('id', '=', p.goodsId).executeTakeFirstOrThrow();
  const previous = good.price === null ? null : Number(good.price);
  await trx.insertInto('bizPrice').values({ id: newId(), goodsId: p.goodsId, price: p.price, createdBy: p.by, createdAt: at }).execute();
  await trx.updateTable('bizGoods').set({ price: p.price, priceAt: at }).where('id', '=', p.goodsId).execute();
  const alerts = await trx.selectFrom('bizPriceAlert').select(['id', 'userId', 'direction', 'threshold']).where('goodsId', '=', p.goodsId).where('enabledMark', '=', 1).where('firedAt', 'is', null).execute();
  const fired: Fired[] = [];
  for (const a of alerts) {
    const threshold = Number(a.threshold);
    if (!crosses(a.direction, threshold, previous, p.price)) continue;
    const done = await trx.updateTable('bizPriceAlert').set({ firedAt: at, enabledMark: 0 }).where('id', '=', a.id).where('firedAt', 'is', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) fired.push({ id: a.id, userId: a.userId, direction: a.direction, threshold });
  }
  return { previous, fired, name: good.fullName, unit: good.unit };
}

/**
 * Sets a good's price in one transaction (after `before`, the same transaction's other writes),
 * then tells each user whose alert it crossed, in their own language (docs/BUSINESS.md "Goods and
 * prices"). The messages go after the commit: a price never waits on, or is undone by, a message.
 */
export async function setPrice(db: Db, hub: RealtimeHub, p: NewPrice | null, before?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
  const result = await db.transaction().execute(async (trx) => {
    if (before) await before(trx);
    return p ? writePrice(trx, p) : null;
  });
  if (!p || !result?.fired.length) return;
  for (const f of result.fired) {
    const params = { name: result.name, price: formatFen(p.price), threshold: formatFen(f.threshold), unit: result.unit };
    // the price is committed: a message that cannot be sent must not make the caller set it again
    await sendTranslated(db, hub, {
      type: MESSAGE_TYPE.system, title: f.direction === 'above' ? 'goods.alertAbove' : 'goods.alertBelow', body: 'goods.alertBody', params, toUserIds: [f.userId], linkId: p.goodsId, sentBy: null,
    }).catch(() => undefined);
  }
}
