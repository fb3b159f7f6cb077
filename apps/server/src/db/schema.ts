import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Typed tables. Times are epoch milliseconds (bigint on PostgreSQL, parsed back to number);
 * flags are integers 0/1 on both databases so rows look the same everywhere.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  weak_psw: Generated<number>;
  role_id: number;
  nickname: Generated<string>;
  phone: Generated<string>;
  company_name: Generated<string>;
  sex: Generated<number>;
  we_chat: Generated<string>;
  photo: Generated<string>;
  can_operations: Generated<number>;
  site_ids: Generated<string>;
  cid: Generated<number>;
  enabled: Generated<number>;
  developer_status: Generated<number>;
  developer_key: Generated<string | null>;
  last_login_at: Generated<number | null>;
  last_login_ip: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  enabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface MenusTable {
  id: Generated<number>;
  parent_id: number | null;
  mode: 'full' | 'operations';
  path: string;
  component: string;
  name: string;
  hidden: number;
  always_show: number;
  title_key: string;
  icon: string;
  active_menu: string;
  redirect: string;
  no_cache: number;
  affix: number;
  sort: number;
}

export interface MenuEndpointsTable {
  menu_id: number;
  path: string;
}

export interface MenuButtonsTable {
  menu_id: number;
  key: string;
}

export interface RoleMenusTable {
  role_id: number;
  menu_id: number;
}

export interface RoleButtonsTable {
  role_id: number;
  key: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  is_operations: number;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  ip: string;
  success: number;
  at: number;
}

export interface OperationLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  username: string;
  ip: string;
  module: string;
  action: string;
  path: string;
  http_method: string;
  result: 'success' | 'fail';
  code: number;
  detail: string;
  user_agent: string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface CaptchasTable {
  id: string;
  code_hash: string;
  expires_at: number;
}

export interface DownloadsTable {
  id: string;
  file: string;
  name: string;
  user_id: number;
  expires_at: number;
}

export interface TerminalEventsTable {
  id: Generated<number>;
  site_id: Generated<number>;
  terminal: Generated<string>;
  area: Generated<string>;
  type: string;
  detail: Generated<string>;
  read: Generated<number>;
  created_at: number;
}

export interface ShopOrdersTable {
  id: Generated<number>;
  site_id: Generated<number>;
  order_no: string;
  area: Generated<string>;
  amount: Generated<number>;
  state: Generated<string>;
  created_at: number;
}

export interface UploadsTable {
  id: string;
  kind: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  file: string;
  user_id: number;
  site_id: Generated<number>;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  menus: MenusTable;
  menu_endpoints: MenuEndpointsTable;
  menu_buttons: MenuButtonsTable;
  role_menus: RoleMenusTable;
  role_buttons: RoleButtonsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  operation_log: OperationLogTable;
  settings: SettingsTable;
  captchas: CaptchasTable;
  downloads: DownloadsTable;
  terminal_events: TerminalEventsTable;
  shop_orders: ShopOrdersTable;
  uploads: UploadsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Menu = Selectable<MenusTable>;
export type Session = Selectable<SessionsTable>;
