import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMenuFile, syncMenu } from '../../server/db/menu-file';
import { newId } from '../../server/db/ids';
import * as menuAddresses from '../../server/db/migrations/2026_11_23_0006_menu_addresses';
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

  it('stores in-app addresses without a leading slash (the file may write one), links as written', async () => {
    const db = server.database.db;
    const rows = await db.selectFrom('baseModule').select(['enCode', 'type', 'urlAddress']).execute();
    const byCode = new Map(rows.map((r) => [r.enCode, r.urlAddress]));
    expect(byCode.get('systemData.dictionary')).toBe('systemData/dictionary');
    expect(byCode.get('order')).toBe('order');
    expect(byCode.get('goods')).toBe('operations/goods');
    expect(byCode.get('website')).toBe('https://www.example.com/');
    expect(rows.filter((r) => [2, 3, 4, 5, 8].includes(r.type) && r.urlAddress?.startsWith('/'))).toEqual([]);

    const menu = readMenuFile(DEFAULT_MENU_FILE);
    menu.find((e) => e.enCode === 'business')!.children!.push({ type: 2, fullName: '对账单', enCode: 'statement', url: '//statement?tab=1' });
    expect(await syncMenu(db, menu)).toBe(1);
    expect((await db.selectFrom('baseModule').select('urlAddress').where('enCode', '=', 'statement').executeTakeFirstOrThrow()).urlAddress).toBe('statement?tab=1');
  });

  it('the 2026-11-23 migration drops the leading slash of in-app addresses a database already holds', async () => {
    const db = server.database.db;
    const system = await db.selectFrom('baseSystem').select('id').executeTakeFirstOrThrow();
    const add = async (type: number, urlAddress: string) => {
      const id = newId();
      await db.insertInto('baseModule').values({
        id, parentId: '-1', systemId: system.id, type, fullName: `t${type}`, enCode: `old${id}`, icon: null, urlAddress, linkTarget: null,
        propertyJson: null, sortCode: 99, enabledMark: 1, isHidden: 0, description: null, createdAt: Date.now(),
      }).execute();
      return id;
    };
    const ids = { page: await add(2, '/old/page'), model: await add(3, '//old/model'), screen: await add(6, '/DataV/view/1'), link: await add(7, '/relative/link') };
    await menuAddresses.up(db);
    const after = async (id: string) => (await db.selectFrom('baseModule').select('urlAddress').where('id', '=', id).executeTakeFirstOrThrow()).urlAddress;
    expect(await after(ids.page)).toBe('old/page');
    expect(await after(ids.model)).toBe('old/model');
    expect(await after(ids.screen)).toBe('/DataV/view/1');
    expect(await after(ids.link)).toBe('/relative/link');
  });

  it('refuses a malformed file, naming the file and the JSON path', () => {
    const file = tempMenu({ menu: [{ type: 9, fullName: 'x', enCode: 'bad code' }] });
    expect(() => readMenuFile(file)).toThrow(/menu\.json:\/menu\/0\/(type|enCode)/);
  });
});
