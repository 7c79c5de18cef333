import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/2026_11_22_0001_foundation';
import * as visualdev from './migrations/2026_11_22_0002_visualdev';
import * as dictionaryDataInterface from './migrations/2026_11_22_0003_dictionary_datainterface';
import * as profile from './migrations/2026_11_22_0004_profile';
import * as shortLink from './migrations/2026_11_22_0005_short_link';
import * as menuAddresses from './migrations/2026_11_23_0006_menu_addresses';
import * as profileDictionaries from './migrations/2026_11_23_0007_profile_dictionaries';
import * as compileAtLoad from './migrations/2026_11_23_0008_visualdev_compile_at_load';
import * as textTranslations from './migrations/2026_11_23_0010_text_translations';
import * as recordTextIndex from './migrations/2026_11_23_0011_record_text_index';
import * as profileDictionaryTranslations from './migrations/2026_11_23_0012_profile_dictionary_translations';
import * as recordListCounts from './migrations/2026_11_23_0013_record_list_counts';
import * as accessVersion from './migrations/2026_11_23_0014_access_version';
import * as organizeManager from './migrations/2026_11_23_0015_organize_manager';
import * as areaRoleOrganize from './migrations/2026_11_23_0017_area_role_organize';
import * as dataScope from './migrations/2026_11_23_0018_data_scope';
import * as billRule from './migrations/2026_11_26_0020_bill_rule';
import * as synThird from './migrations/2026_11_26_0021_syn_third';
import * as logs from './migrations/2026_11_26_0022_logs';
import * as messageTemplate from './migrations/2026_11_26_0024_message_template';
import * as printDev from './migrations/2026_11_26_0025_print_dev';
import * as menuRemoved from './migrations/2026_11_26_0026_menu_removed';
import * as fileUpload from './migrations/2026_11_26_0027_file_upload';
import * as printLog from './migrations/2026_11_26_0028_print_log';
import * as messages from './migrations/2026_11_26_0030_messages';
import * as chat from './migrations/2026_11_26_0031_chat';
import * as funds from './migrations/2026_11_26_0032_funds';
import * as ordering from './migrations/2026_11_26_0033_ordering';
import * as flow from './migrations/2026_11_26_0034_flow';
import * as flowVersions from './migrations/2026_11_27_0035_flow_versions_timers';
import * as certification from './migrations/2026_11_27_0036_certification';
import * as mail from './migrations/2026_11_27_0037_mail';

/**
 * Every migration, in order. Listed explicitly (not read from the folder) so the
 * bundle-free `tsx` start and the test runner see the same set.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_visualdev': visualdev,
  '2026_11_22_0003_dictionary_datainterface': dictionaryDataInterface,
  '2026_11_22_0004_profile': profile,
  '2026_11_22_0005_short_link': shortLink,
  '2026_11_23_0006_menu_addresses': menuAddresses,
  '2026_11_23_0007_profile_dictionaries': profileDictionaries,
  '2026_11_23_0008_visualdev_compile_at_load': compileAtLoad,
  '2026_11_23_0010_text_translations': textTranslations,
  '2026_11_23_0011_record_text_index': recordTextIndex,
  '2026_11_23_0012_profile_dictionary_translations': profileDictionaryTranslations,
  '2026_11_23_0013_record_list_counts': recordListCounts,
  '2026_11_23_0014_access_version': accessVersion,
  '2026_11_23_0015_organize_manager': organizeManager,
  '2026_11_23_0017_area_role_organize': areaRoleOrganize,
  '2026_11_23_0018_data_scope': dataScope,
  '2026_11_26_0020_bill_rule': billRule,
  '2026_11_26_0021_syn_third': synThird,
  '2026_11_26_0022_logs': logs,
  '2026_11_26_0024_message_template': messageTemplate,
  '2026_11_26_0025_print_dev': printDev,
  '2026_11_26_0026_menu_removed': menuRemoved,
  '2026_11_26_0027_file_upload': fileUpload,
  '2026_11_26_0028_print_log': printLog,
  '2026_11_26_0030_messages': messages,
  '2026_11_26_0031_chat': chat,
  '2026_11_26_0032_funds': funds,
  '2026_11_26_0033_ordering': ordering,
  '2026_11_26_0034_flow': flow,
  '2026_11_27_0035_flow_versions_timers': flowVersions,
  '2026_11_27_0036_certification': certification,
  '2026_11_27_0037_mail': mail,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs the pending migrations. On PostgreSQL pass the schema in use: Kysely looks for its
 * bookkeeping tables across every schema, so a second schema in the same database (tests run
 * one per file) would otherwise make it skip creating its own.
 */
export async function migrateToLatest(db: Kysely<any>, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Names of the migrations this database has not run yet (none: the schema is current). */
export async function pendingMigrations(db: Kysely<any>, pgSchema?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const known = await migrator.getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
