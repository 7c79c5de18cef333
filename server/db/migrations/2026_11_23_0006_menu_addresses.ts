import { type Kysely, sql } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// In-app menu addresses without a leading slash: pages (type 2) and generated pages (3 model,
// 4 dictionary, 5 report, 8 portal) are stored and sent as "systemData/dictionary"; the
// product's client builds the route as '/' + address. Visualisation (6) and link (7)
// addresses are left as written. ltrim(text, chars) exists on SQLite and PostgreSQL alike.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update base_module set url_address = ltrim(url_address, '/') where type in (2, 3, 4, 5, 8) and url_address like '/%'`.execute(db);
}

// The slash carried no information; nothing to restore.
export async function down(): Promise<void> {}
