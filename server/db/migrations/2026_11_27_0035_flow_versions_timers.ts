import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Approval flows, second part (issue 16; docs/FLOWS.md).
// 1. flow_engine.version: the engine's current version; flow_engine_version keeps every version's
//    template as saved, so a running task keeps the version it started with (flow_task.engine_version).
//    Existing engines become version 1 of themselves.
// 2. flow_timer: a node's time limit and reminders (our approver property `timeLimit`): due_at in
//    epoch ms, done_at once handled; claimed by one process through job_lease, so a restart or a
//    second process never loses nor doubles one.
// 3. job_lease: one row per background job (flow timers now; log pruning, price alerts later): the
//    process holding it until `until` runs the job; another takes it over only after it lapses.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('flow_engine').addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('flow_engine').addColumn('description', 'varchar(500)').execute();
  await db.schema.alterTable('flow_task').addColumn('engine_version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.createTable('flow_engine_version')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('engine_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('template_json', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(50)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_engine_version_unique').on('flow_engine_version').columns(['engine_id', 'version']).unique().execute();
  const engines = await db.selectFrom('flow_engine').select(['id', 'template_json', 'created_at']).execute();
  for (const e of engines as { id: string; template_json: string; created_at: number }[]) {
    await db.insertInto('flow_engine_version').values({ id: `${e.id}-v1`, engine_id: e.id, version: 1, template_json: e.template_json, created_by: null, created_at: e.created_at }).execute();
  }
  await db.schema.createTable('flow_timer')
    .addColumn('id', 'varchar(50)', (c) => c.primaryKey())
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(50)', (c) => c.notNull())
    // 'remind' (a message to the waiting approvers) or 'timeout' (the node's limit: its action runs)
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // the task version the timer was set at: a timer of a node the flow has left does nothing
    .addColumn('task_version', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_timer_due').on('flow_timer').columns(['done_at', 'due_at']).execute();
  await db.schema.createTable('job_lease')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['job_lease', 'flow_timer', 'flow_engine_version']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('flow_task').dropColumn('engine_version').execute();
  await db.schema.alterTable('flow_engine').dropColumn('description').execute();
  await db.schema.alterTable('flow_engine').dropColumn('version').execute();
}
