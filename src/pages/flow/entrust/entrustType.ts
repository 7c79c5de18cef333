import type { EntrustType } from '../../../app/api/flowLaunch';

/**
 * The tab the address asks for: `config` 1 (我的委托) or 2 (委托给我), as the spec's query; a flow
 * message of flowType 2 links here with `?id=<entrust>` only (src/app/api/messages.ts), and is
 * only ever sent to the delegate, so an id without a config opens 委托给我.
 */
export function entrustTypeOf(search: string): EntrustType {
  const q = new URLSearchParams(search);
  const config = q.get('config');
  if (config === '1' || config === '2') return Number(config) as EntrustType;
  return q.get('id') ? 2 : 1;
}
