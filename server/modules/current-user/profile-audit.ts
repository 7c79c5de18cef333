import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { audit } from '../../audit/record';

/** The user row and profile row of one person, as one object (what the "profile" audit entity lists). */
async function snapshot(db: Db, userId: string): Promise<Record<string, unknown>> {
  const user = await db.selectFrom('baseUser').selectAll().where('id', '=', userId).executeTakeFirst();
  const profile = await db.selectFrom('baseUserProfile').selectAll().where('userId', '=', userId).executeTakeFirst();
  return { ...profile, ...user };
}

/**
 * Runs a change a person makes to themselves (profile, avatar, theme, language, current organisation)
 * in one transaction with its audit row. The before and after are read around the write, so each
 * route keeps its own write and the log still sees exactly what changed.
 */
export async function profileChange(db: Db, request: FastifyRequest, userId: string, write: (trx: Db) => Promise<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await snapshot(trx, userId);
    await write(trx);
    await audit(trx, request, { entity: 'profile', entityId: userId, action: 'update', before, after: await snapshot(trx, userId) });
  });
}
