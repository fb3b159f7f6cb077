import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectKind } from '../database.ts';

/**
 * The first schema, written once for both dialects. `id` is an identity column; times are epoch
 * milliseconds in a 64-bit column.
 */
export function initial(kind: DialectKind): Migration {
  const idType = kind === 'postgres' ? 'serial' : 'integer';
  const time = kind === 'postgres' ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('roles')
        .addColumn('id', idType, id)
        .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', idType, id)
        .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('weak_psw', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
        .addColumn('nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('company_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('we_chat', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('photo', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('can_operations', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('site_ids', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
        .addColumn('cid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('developer_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('developer_key', 'varchar(128)', (c) => c.unique())
        .addColumn('last_login_at', time)
        .addColumn('last_login_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('updated_at', time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_role_idx').on('users').column('role_id').execute();

      await db.schema
        .createTable('menus')
        .addColumn('id', idType, id)
        .addColumn('parent_id', 'integer', (c) => c.references('menus.id').onDelete('cascade'))
        .addColumn('mode', 'varchar(16)', (c) => c.notNull())
        .addColumn('path', 'varchar(255)', (c) => c.notNull())
        .addColumn('component', 'varchar(128)', (c) => c.notNull())
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('icon', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('active_menu', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('redirect', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('no_cache', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('affix', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('menus_mode_name_uq', ['mode', 'name'])
        .execute();
      await db.schema.createIndex('menus_parent_idx').on('menus').column('parent_id').execute();

      await db.schema
        .createTable('menu_endpoints')
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addColumn('path', 'varchar(255)', (c) => c.notNull())
        .addPrimaryKeyConstraint('menu_endpoints_pk', ['menu_id', 'path'])
        .execute();
      await db.schema.createIndex('menu_endpoints_path_idx').on('menu_endpoints').column('path').execute();

      await db.schema
        .createTable('menu_buttons')
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addColumn('key', 'varchar(128)', (c) => c.notNull())
        .addPrimaryKeyConstraint('menu_buttons_pk', ['menu_id', 'key'])
        .execute();

      await db.schema
        .createTable('role_menus')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
        .execute();

      await db.schema
        .createTable('role_buttons')
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
        .addColumn('key', 'varchar(128)', (c) => c.notNull())
        .addPrimaryKeyConstraint('role_buttons_pk', ['role_id', 'key'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('is_operations', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', time, (c) => c.notNull())
        .addColumn('last_seen_at', time, (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_attempts')
        .addColumn('id', idType, id)
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_attempts_user_idx')
        .on('login_attempts')
        .columns(['username', 'at'])
        .execute();
      await db.schema
        .createIndex('login_attempts_ip_idx')
        .on('login_attempts')
        .columns(['ip', 'at'])
        .execute();

      await db.schema
        .createTable('operation_log')
        .addColumn('id', idType, id)
        .addColumn('at', time, (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('module', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('action', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('path', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('http_method', 'varchar(8)', (c) => c.notNull().defaultTo('POST'))
        .addColumn('result', 'varchar(8)', (c) => c.notNull())
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('operation_log_at_idx').on('operation_log').column('at').execute();
      await db.schema
        .createIndex('operation_log_user_idx')
        .on('operation_log')
        .columns(['username', 'at'])
        .execute();
      await db.schema
        .createIndex('operation_log_module_idx')
        .on('operation_log')
        .columns(['module', 'at'])
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('captchas')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('downloads')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('file', 'varchar(255)', (c) => c.notNull())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('expires_at', time, (c) => c.notNull())
        .execute();

      // Business tables the shell already counts (hint badges); their modules extend them later.
      await db.schema
        .createTable('terminal_events')
        .addColumn('id', idType, id)
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('terminal', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('area', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'varchar(32)', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('terminal_events_read_idx')
        .on('terminal_events')
        .columns(['site_id', 'read'])
        .execute();

      await db.schema
        .createTable('shop_orders')
        .addColumn('id', idType, id)
        .addColumn('site_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('area', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('amount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
        .addColumn('created_at', time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('shop_orders_state_idx')
        .on('shop_orders')
        .columns(['site_id', 'state'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: see up()
    async down(db: Kysely<any>) {
      for (const t of [
        'shop_orders',
        'terminal_events',
        'downloads',
        'captchas',
        'settings',
        'operation_log',
        'login_attempts',
        'sessions',
        'role_buttons',
        'role_menus',
        'menu_buttons',
        'menu_endpoints',
        'menus',
        'users',
        'roles',
      ]) {
        await db.schema.dropTable(t).ifExists().execute();
      }
    },
  };
}
