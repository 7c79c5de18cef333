import type { Db } from '../../../db';
import { readSecret, readSysConfig, type SecretKey, type SysConfig } from '../config-store';
import { serviceBase } from './http-call';
import type { ServiceSettings } from './services';

/** Unsaved values of the configuration screen a connection test sends (any may be missing). */
export type TestBody = Partial<Record<'dingSynUrl' | 'dingSynAppKey' | 'qyhUrl' | 'qyhCorpId' | SecretKey, unknown>>;

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const sameAddress = (a: string, b: string) => (serviceBase(a) ?? a.trim()) === (serviceBase(b) ?? b.trim());

/**
 * The settings of one service for a call: the screen's unsaved values where it sent them, the
 * stored ones otherwise. A stored secret is used only towards the stored address: a caller
 * cannot have the server send the secret it never sees to an address of their choosing.
 */
export async function settingsFor(db: Db, which: 'ding' | 'qyCorp' | 'qyAgent', body: TestBody = {}): Promise<ServiceSettings> {
  const config: SysConfig = await readSysConfig(db);
  const [addressKey, idKey, secretKey] =
    which === 'ding' ? (['dingSynUrl', 'dingSynAppKey', 'dingSynAppSecret'] as const) : (['qyhUrl', 'qyhCorpId', which === 'qyCorp' ? 'qyhCorpSecret' : 'qyhAgentSecret'] as const);
  const address = text(body[addressKey]) ?? config[addressKey];
  const typed = text(body[secretKey]);
  const secret = typed ? typed : sameAddress(address, config[addressKey]) ? await readSecret(db, secretKey) : null;
  return { address, id: text(body[idKey]) ?? config[idKey], secret, timeoutMs: Math.max(1, config.synTimeoutSeconds) * 1000 };
}
