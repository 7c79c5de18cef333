import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMenuFile, syncMenu } from '../../server/db/menu-file';
import { DEFAULT_MENU_FILE } from '../../server/db/seed';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function tempMenu(json: unknown): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'menu-')), 'menu.json');
  fs.writeFileSync(file, JSON.stringify(json));
  return file;
}

describe('schemas/menu.json', () => {
  it('seeds every entry of the file', async () => {
    const count = (entries: ReturnType<typeof readMenuFile>): number => entries.reduce((n, e) => n + 1 + count(e.children ?? []), 0);
    const rows = await server.database.db.selectFrom('baseModule').select('enCode').execute();
    expect(rows.length).toBe(count(readMenuFile(DEFAULT_MENU_FILE)));
  });

  it('adds an entry written later, under its parent, granted to the roles it names; a second sync adds nothing', async () => {
    const db = server.database.db;
    const menu = readMenuFile(DEFAULT_MENU_FILE);
    const operations = menu.find((e) => e.enCode === 'operations')!;
    operations.children!.push({ type: 3, fullName: '承运商档案', enCode: 'carrier', url: 'operations/carrier', moduleId: 'demo-carrier', roles: ['staff'] });
    expect(await syncMenu(db, menu)).toBe(1);
    expect(await syncMenu(db, menu)).toBe(0);
    const added = await db.selectFrom('baseModule').selectAll().where('enCode', '=', 'carrier').executeTakeFirstOrThrow();
    const parent = await db.selectFrom('baseModule').select('id').where('enCode', '=', 'operations').executeTakeFirstOrThrow();
    expect(added.parentId).toBe(parent.id);
    expect(JSON.parse(added.propertyJson!)).toEqual({ moduleId: 'demo-carrier', isTree: 0 });
    const staffRole = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow();
    const grant = await db.selectFrom('baseAuthorize').selectAll().where('itemId', '=', added.id).execute();
    expect(grant.map((g) => g.objectId)).toEqual([staffRole.id]);
  });

  it('refuses a malformed file, naming the file and the JSON path', () => {
    const file = tempMenu({ menu: [{ type: 9, fullName: 'x', enCode: 'bad code' }] });
    expect(() => readMenuFile(file)).toThrow(/menu\.json:\/menu\/0\/(type|enCode)/);
  });
});
