import { useAtomValue } from 'jotai';
import { sessionAtom } from '../../app/session/session';

/** Whether the signed-in user may write goods, prices and stock (the server checks it again on every call). */
export function useManagesGoods(): boolean {
  const info = useAtomValue(sessionAtom)?.userInfo;
  return Boolean(info?.isAdministrator || info?.permissionCodes?.includes('business.goods:manage'));
}
