import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Names people read, in their other languages: JSON text { "zh-TW": "…", "en": "…" } beside
// full_name (the own text, shown where a language has no translation). Menu entries, their
// permission items, dictionary categories and entries, and models can be translated by
// administrators at run time as well as by the files under schemas/.

const TABLES = ['base_module', 'base_module_item', 'base_dictionary_type', 'base_dictionary_data', 'base_visualdev'];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).addColumn('full_name_i18n', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('full_name_i18n').execute();
}
