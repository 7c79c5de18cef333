import type { Db } from '../../../db';
import type { FileRow } from '../../../db/schema';
import type { Principal } from '../../../auth/principal';

export const insertFile = (db: Db, row: FileRow) => db.insertInto('baseFile').values(row).execute();

export async function fileById(db: Db, id: string): Promise<FileRow | null> {
  const row = await db.selectFrom('baseFile').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...row, size: Number(row.size), createdAt: Number(row.createdAt) } : null;
}

/** This owner's stored file with these bytes, if any (the "already uploaded" short cut). */
export const ownFileByMd5 = (db: Db, ownerId: string, md5: string, size: number) =>
  db.selectFrom('baseFile').selectAll().where('ownerId', '=', ownerId).where('md5', '=', md5).where('size', '=', size).executeTakeFirst();

/** Who may read a file by itself: its owner and administrators; readers of a record holding it: record-reference.ts. */
export const mayRead = (principal: Principal, file: FileRow) => principal.isAdministrator || file.ownerId === principal.user.id;
