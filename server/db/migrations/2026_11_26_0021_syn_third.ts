import type { Kysely } from 'kysely';

// Frozen: a migration imports no application code and never changes once released.
// base_syn_third_info: which organisation or user was pushed to which workplace-messaging
// service (spec 7.16: DingTalk, WeCom) under which id of theirs, and how the last push of it
// ended. A second push updates what the service already has instead of creating it twice, and
// getSynThirdTotal counts these rows.
//   third_type 1 = WeCom, 2 = DingTalk; data_type 1 = organisation, 2 = user;
//   syn_state 1 = pushed, 2 = failed (description: the service's answer, in the language of the
//   administrator who pushed).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('base_syn_third_info')
    .addColumn('third_type', 'integer', (c) => c.notNull())
    .addColumn('data_type', 'integer', (c) => c.notNull())
    .addColumn('sys_obj_id', 'varchar(50)', (c) => c.notNull())
    .addColumn('third_obj_id', 'varchar(100)')
    .addColumn('syn_state', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('last_modify_time', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('base_syn_third_info_pk', ['third_type', 'data_type', 'sys_obj_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('base_syn_third_info').execute();
}
