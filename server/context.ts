import type { AppConfig } from './config';
import type { Db, Dialect } from './db';

/** What every module receives at registration: configuration and the database. */
export interface ModuleContext {
  config: AppConfig;
  db: Db;
  dialect: Dialect;
}
