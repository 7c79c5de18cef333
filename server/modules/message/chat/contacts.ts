import type { Db } from '../../../db';
import { loadPrincipal, type Principal } from '../../../auth/principal';
import { inOrganizes } from '../../permission/users/read';
import { pickerScope, scopeList } from '../../permission/users/visibility';

/** The principal behind a socket's session, read again for each command (null: the session or its user is gone). */
export async function principalOfSession(db: Db, sessionId: string): Promise<Principal | null> {
  const session = await db.selectFrom('baseSession').selectAll().where('id', '=', sessionId).executeTakeFirst();
  return session ? loadPrincipal(db, session) : null;
}

/**
 * A contact I may chat with: an enabled, real user I may see in the pickers (the contacts list's
 * rule), or someone I already have a conversation with (whoever wrote first could see the other,
 * and a reply must not be refused).
 */
export async function contactOf(db: Db, principal: Principal, userId: string) {
  const user = db.selectFrom('baseUser').select(['id', 'realName', 'account', 'headIcon']).where('id', '=', userId).where('enabledMark', '=', 1).where('userKind', '!=', 'anonymous');
  const talking = await db.selectFrom('baseImReply').select('id').where('userId', '=', principal.user.id).where('contactId', '=', userId).executeTakeFirst();
  const limit = talking ? null : scopeList(await pickerScope(db, principal));
  return (limit ? user.where(inOrganizes(limit)) : user).executeTakeFirst();
}
