import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// Approval flows (issue 16; docs/FLOWS.md).
// 1. flow_engine: a flow definition: the product's saved template JSON as it is, and the model
//    whose form it fills (null: the form is the template's own field list).
// 2. flow_task: a running (or finished) flow: its form values, where it stands (the engine's
//    position JSON and the approver nodes completed, in order), status (1 wait, 2 adopt, 3 reject,
//    4 revoke, 5 cancel), urgency (1..3) and a version every transition moves (two at once: one wins).
// 3. flow_operator: one approver's task on one node (state 0 waiting, 1 acted, 2 closed without
//    acting: the node was decided by others, or the flow moved elsewhere); delegated_from when an
//    entrust gave it to this user.
// 4. flow_record: the history: every handle (0 return … 9 revive, as the spec codes them).
// 5. flow_circulate: copies to people who read but do not act (抄送).
// 6. flow_delegate: entrusts: a user's approvals of chosen flows (or all) go to another user for a period.
export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string) => db.schema.createTable(name).addColumn('id', 'varchar(50)', (c) => c.primaryKey());
  await table('flow_engine')
    .addColumn('en_code', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)')
    .addColumn('model_id', 'varchar(50)')
    .addColumn('template_json', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint')
    .execute();
  await table('flow_task')
    .addColumn('engine_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('creator_user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('form_json', 'text', (c) => c.notNull())
    .addColumn('position_json', 'text', (c) => c.notNull())
    .addColumn('completed_json', 'text', (c) => c.notNull())
    // the active nodes' titles, for lists
    .addColumn('this_step', 'varchar(500)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('flow_task_creator').on('flow_task').columns(['creator_user_id', 'created_at']).execute();
  await table('flow_operator')
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('delegated_from', 'varchar(50)')
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handle_status', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('handled_at', 'bigint')
    .execute();
  await db.schema.createIndex('flow_operator_user_state').on('flow_operator').columns(['user_id', 'state', 'created_at']).execute();
  await db.schema.createIndex('flow_operator_task').on('flow_operator').columns(['task_id', 'node_id']).execute();
  await table('flow_record')
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('handle_status', 'integer', (c) => c.notNull())
    .addColumn('opinion', 'varchar(1000)')
    .addColumn('sign_img', 'text')
    // transfer, assign, add-sign: to whom (user ids JSON)
    .addColumn('to_users', 'varchar(2000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_record_task').on('flow_record').columns(['task_id', 'created_at']).execute();
  await table('flow_circulate')
    .addColumn('task_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('node_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema.createIndex('flow_circulate_user').on('flow_circulate').columns(['user_id', 'created_at']).execute();
  await table('flow_delegate')
    .addColumn('user_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('to_user_id', 'varchar(50)', (c) => c.notNull())
    // engine ids (JSON list); null: every flow
    .addColumn('engine_ids', 'text')
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('flow_delegate_user').on('flow_delegate').columns(['user_id', 'end_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['flow_delegate', 'flow_circulate', 'flow_record', 'flow_operator', 'flow_task', 'flow_engine']) await db.schema.dropTable(table).execute();
}
