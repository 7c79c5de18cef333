import type { Kysely, Transaction } from 'kysely';
import type { BizGoodsRow, Database } from '../../../db/schema';
import { newId } from '../../../db/ids';
import { changeStock } from '../stock';
import { accountOf, move } from '../funds';

const DAY = 86_400_000;

/** The demo goods: category, name, material, spec, warehouse (0 宝山, 1 南沙), base price (yuan per tonne), stock (tonnes). */
const GOODS: [string, string, string, string, 0 | 1, number, number][] = [
  ['螺纹钢', '螺纹钢 HRB400E Φ18', 'HRB400E', 'Φ18mm×12m', 0, 3650, 800],
  ['螺纹钢', '螺纹钢 HRB400E Φ25', 'HRB400E', 'Φ25mm×12m', 1, 3620, 650],
  ['热轧卷板', '热轧卷板 Q235B 4.75', 'Q235B', '4.75mm×1500mm×C', 0, 3780, 500],
  ['热轧卷板', '热轧卷板 Q355B 6.0', 'Q355B', '6.0mm×1800mm×C', 1, 3900, 420],
  ['冷轧卷板', '冷轧卷板 SPCC 1.0', 'SPCC', '1.0mm×1250mm×C', 0, 4350, 300],
  ['线材', '高线 HPB300 Φ8', 'HPB300', 'Φ8mm 盘卷', 1, 3720, 360],
];

/**
 * The ordering demo (issue 15): two warehouses, six goods with 30 days of prices (the same every
 * run: a fixed wobble, no randomness), their stock, and money on both customer organisations
 * (a deposit and a credit limit, as ledger movements). Run inside the demo seed's transaction.
 */
export async function seedGoodsDemo(trx: Transaction<Database> | Kysely<Database>, now: number, options: { by: string | null; customerOrganisations: string[] }): Promise<void> {
  const warehouses = [
    { id: newId(), fullName: '上海宝山仓', address: '上海市宝山区蕰川路100号', sortCode: 0, enabledMark: 1, createdAt: now },
    { id: newId(), fullName: '广州南沙仓', address: '广州市南沙区港前大道200号', sortCode: 1, enabledMark: 1, createdAt: now },
  ];
  await trx.insertInto('bizWarehouse').values(warehouses).execute();
  const today = Math.floor(now / DAY) * DAY;
  for (const [k, [category, fullName, material, spec, w, base, tonnes]] of GOODS.entries()) {
    const id = newId();
    const prices = Array.from({ length: 30 }, (_, i) => {
      // a fixed wobble of ±100 yuan in 10-yuan steps with a slow drift: reads like a market, same every run
      const wobble = ((i * 37 + k * 11) % 21) - 10;
      return (base + wobble * 10 + Math.round(i * (k % 2 === 0 ? 2 : -1.5))) * 100;
    });
    const times = prices.map((_, i) => today - (29 - i) * DAY + 9 * 3_600_000);
    const good: BizGoodsRow = {
      id, category, fullName, material, spec, unit: '吨', warehouseId: warehouses[w]!.id, price: prices[29]!, priceAt: times[29]!, enabledMark: 1,
      createdBy: options.by, createdAt: times[0]!, updatedAt: null,
    };
    await trx.insertInto('bizGoods').values(good).execute();
    await trx.insertInto('bizPrice').values(prices.map((price, i) => ({ id: `${id}:${i}`, goodsId: id, price, createdBy: options.by, createdAt: times[i]! }))).execute();
    await changeStock(trx, { warehouseId: good.warehouseId, goodsId: id, kind: 'receipt', kgDelta: tonnes * 1000, refType: 'receipt', note: '期初库存', by: options.by });
  }
  for (const organizeId of options.customerOrganisations) {
    await accountOf(trx, organizeId);
    await move(trx, organizeId, { kind: 'deposit', amount: 50_000_000, note: '演示入金', by: options.by, refType: 'staff' });
    await move(trx, organizeId, { kind: 'creditLimit', amount: 20_000_000, note: '演示授信', by: options.by, refType: 'staff' });
  }
}
