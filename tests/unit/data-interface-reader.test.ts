import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { scanSql } from '../../server/modules/data-interface/sql-text';
import { checkProgram, type ExplainRow, schemaMap } from '../../server/modules/data-interface/sqlite-reader/program-check';
import { readableColumns } from '../../server/modules/data-interface/readable';

describe('the compiled-program check (SQLite)', () => {
  const db = new SQLite(':memory:');
  db.exec(`
    create table person (id text primary key, name text, secret text, team text);
    create index ix_person_team on person(team);
    create index ix_person_secret on person(name, secret);
    create table team (id text primary key, label text);
    create table hidden (id text primary key, v text);
    create table keyed (id text primary key, v text) without rowid;
    create index ix_person_expr on person(lower(secret));
    insert into person values ('1', 'a', 's1', 't'), ('2', 'b', 's2', 't');
  `);
  const allow = new Map<string, ReadonlySet<string>>([
    ['person', new Set(['id', 'name', 'team'])],
    ['team', new Set(['id', 'label'])],
    ['keyed', new Set(['id', 'v'])],
  ]);
  const check = (sql: string, ...params: unknown[]) => {
    const wrapped = `select * from (\n${sql}\n) t`;
    return checkProgram(db.prepare(`explain ${wrapped}`).all(...params) as ExplainRow[], schemaMap(db, allow));
  };

  it('lets readable columns through, with joins, indexes, CTEs and recursion', () => {
    expect(check('select p.name, t.label from person p join team t on t.id = p.team where p.team = ?', 't')).toBeNull();
    expect(check('select count(*) as n from person where team > ?', 'a')).toBeNull();
    expect(check('with x as (select id, name from person) select * from x a join x b on a.id = b.id')).toBeNull();
    expect(check('with recursive c(x) as (select 1 union all select x + 1 from c where x < 10) select x from c')).toBeNull();
    expect(check('select id from person where rowid = 1')).toBeNull();
  });

  it('refuses unreadable columns however they are reached', () => {
    expect(check('select * from person')).toEqual({ what: 'person.secret' });
    expect(check('select name from person where secret = ?', 's1')).not.toBeNull(); // plan may use the table or ix_person_secret
    expect(check("select id from person where lower(secret) = 's1'")).not.toBeNull(); // the expression index
    expect(check('select name from person order by secret')).not.toBeNull();
    expect(check('select (select secret from person limit 1) as s')).not.toBeNull();
    expect(check('select id from person union select secret from person')).not.toBeNull();
  });

  it('refuses unlisted tables, the schema table, virtual tables and WITHOUT ROWID tables', () => {
    expect(check('select id from hidden')?.what).toMatch(/^hidden/); // the table or its primary-key index
    expect(check('select name from sqlite_schema')).toEqual({ what: 'sqlite_schema' });
    expect(check("select name from pragma_table_info('person')")).toEqual({ what: 'virtual table' });
    expect(check('select 1 from json_each(?)', '[1]')).toEqual({ what: 'virtual table' });
    expect(check('select v from keyed')?.what).toMatch(/^keyed/);
  });

  it('the allow-set names only columns that exist, and never a secret', async () => {
    const file = new SQLite(':memory:');
    await migrateToLatest(new Kysely({ dialect: new SqliteDialect({ database: file }) }));
    for (const [table, columns] of readableColumns()) {
      const existing = new Set((file.prepare('select name from pragma_table_info(?)').all(table) as { name: string }[]).map((c) => c.name));
      for (const column of columns) expect(existing.has(column), `${table}.${column}`).toBe(true);
    }
    const all = [...readableColumns()].flatMap(([table, columns]) => [...columns].map((c) => `${table}.${c}`));
    for (const secret of ['base_user.password_hash', 'base_user.sign_img', 'base_user.last_login_ip', 'base_user.prev_login_ip', 'base_user.mobile', 'base_user.email']) expect(all).not.toContain(secret);
    for (const table of ['base_session', 'base_login_log', 'base_sign_img', 'base_visualdev_short_link', 'base_export_ticket', 'base_sms_code', 'base_captcha', 'base_scan_ticket', 'base_sys_config']) {
      expect(readableColumns().has(table)).toBe(false);
    }
  });
});

describe('scanSql', () => {
  it('drops trailing semicolons and keeps the others, so the database refuses a second statement', () => {
    expect(scanSql('select 1;  ;\n-- done').parts).toEqual(['select 1  \n-- done']);
    const two = scanSql('select 1; delete from t');
    expect(two.multiple).toBe(true);
    expect(two.parts.join('')).toBe('select 1; delete from t');
  });
});
