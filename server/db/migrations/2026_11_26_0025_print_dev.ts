import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// base_print_dev: print templates (打印模板, spec 7.14, issue 11 item 4). A template is HTML with
// placeholders (src/runtime/print-template.ts) bound to one model (form_id), of type 1 (flow) or
// 2 (form), in a businessType dictionary category, with its paper settings. The HTML is stored
// only after the server's allow-list check (server/modules/system/print-dev/sanitize.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_print_dev')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('full_name_i18n', 'text')
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull())
    // a businessType dictionary entry's code, as the numbering rules' category
    .addColumn('category', 'varchar(50)', (c) => c.notNull())
    // 1 flow, 2 form (the picker's GET Selector/{type})
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
    // the visualdev model whose records the template prints
    .addColumn('form_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('template_html', 'text', (c) => c.notNull())
    .addColumn('paper_size', 'varchar(20)', (c) => c.notNull().defaultTo('A4'))
    .addColumn('orientation', 'varchar(20)', (c) => c.notNull().defaultTo('portrait'))
    // JSON [top, right, bottom, left] in millimetres
    .addColumn('margins', 'varchar(100)', (c) => c.notNull().defaultTo('[10,10,10,10]'))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'varchar(50)')
    .execute();
  await db.schema.createIndex('base_print_dev_en_code').on('base_print_dev').column('en_code').unique().execute();
  await db.schema.createIndex('base_print_dev_form_id').on('base_print_dev').column('form_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_print_dev').execute();
}
