import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ResourceTables } from './resource-tables.ts';

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
  /** Every site, present and future (migration 033); otherwise the sites of account_sites. */
  all_sites: Generated<number>;
  /** The customer the account belongs to (a `fleet_customer` id), 0 for none: it then sees only that customer's sites. */
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

/** A site granted to an account (migration 033; platform/auth/sites.ts). */
export interface AccountSitesTable {
  user_id: number;
  site_id: number;
}

/** A site granted to an operations role (migration 033). */
export interface RoleSitesTable {
  role_id: number;
  site_id: number;
}

export interface Database {
  account_sites: AccountSitesTable;
  role_sites: RoleSitesTable;
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

/**
 * Every table: the fixed ones declared here (and merged in below, migration by migration) and the
 * resource tables, whose rows are generated from the contract (resource-tables.ts). Features query
 * both through `app.db.kysely` with column names and types checked; only the resource framework,
 * which names its table at run time, uses an untyped handle (platform/resources/queries.ts).
 */
export interface Database extends ResourceTables {
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
  uploads: UploadsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Menu = Selectable<MenusTable>;
export type Session = Selectable<SessionsTable>;

/** Generated-configuration documents (migration 008): network cards, DHCP, DNS. */
export interface ConfigDocsTable {
  name: string;
  doc: string;
  previous: string | null;
  updated_by: Generated<string>;
  updated_at: number;
}

// Declaration merging: adds the table without rewriting the interface above.
export interface Database {
  config_docs: ConfigDocsTable;
}

/** Disk roles (migration 004, system/Disk): one row per disk given a role other than the default. */
export interface DiskRolesTable {
  device_key: string;
  name: string;
  role: string;
  updated_at: number;
}

export interface Database {
  disk_roles: DiskRolesTable;
}

/** Roles: mode and sites (migration 005). Declaration merging adds the columns. */
export interface RolesTable {
  mode: Generated<string>;
  /** An operations role reaching every site (migration 033); otherwise the sites of role_sites. */
  all_sites: Generated<number>;
}

/** One run of a scheduled task (migration 005). */
export interface TimedTaskRunTable {
  id: Generated<number>;
  task_id: number;
  site_id: Generated<number>;
  trigger: string;
  username: Generated<string>;
  scheduled_at: number | null;
  started_at: number;
  finished_at: number | null;
  result: string;
  output_tail: Generated<string>;
  /** The instance running it (migration 030): a random id per server process. */
  instance_id: Generated<string>;
  /** When that instance last renewed its lease (epoch ms); NULL for runs from before migration 030. */
  heartbeat_at: number | null;
  /** What the run is writing and has not finished, one `kind:id` a line (scheduler/leases.ts). */
  partial: Generated<string>;
}

export interface Database {
  timed_task_run: TimedTaskRunTable;
}

/** Voice singletons (migration 009): `basic` and `advanced`, each one JSON value. */
export interface VoiceSettingsTable {
  name: string;
  value: string;
  updated_at: number;
}

export interface Database {
  voice_settings: VoiceSettingsTable;
}

/** Per-site singletons of issue 5 (migration 010): one JSON value per name and site. */
export interface SingletonsTable {
  name: string;
  site_id: number;
  value: string;
  updated_by: Generated<string>;
  updated_at: number;
}

/** Every SMS the gateway tried to send (migration 010); `sent` rows count toward the daily limit. */
export interface SmsLogTable {
  id: Generated<number>;
  at: number;
  provider: string;
  phone: string;
  purpose: Generated<string>;
  result: 'sent' | 'failed' | 'refused';
  http_status: number | null;
  detail: Generated<string>;
}

/** Commands for terminals (migration 010): queued until the next heartbeat, then acked or failed. */
export interface TerminalCommandsTable {
  id: Generated<number>;
  site_id: Generated<number>;
  terminal_id: number;
  type: string;
  args: Generated<string>;
  state: Generated<string>;
  result: Generated<string>;
  created_by: Generated<string>;
  created_at: number;
  sent_at: number | null;
  acked_at: number | null;
}

export interface Database {
  singletons: SingletonsTable;
  sms_log: SmsLogTable;
  terminal_commands: TerminalCommandsTable;
}

/** Backup archives under DATA_DIR/backups (migration 006, DOMAIN system/BackupRestore). */
export interface BackupsTable {
  id: Generated<number>;
  file_name: string;
  stored: string;
  type: 'manual' | 'auto' | 'pre_upgrade' | 'pre_restore';
  size: number;
  sha256: string;
  /** Comma-separated parts: db, configs, uploads. */
  contents: string;
  encrypted: Generated<number>;
  app_version: string;
  schema_version: string;
  note: Generated<string>;
  created_by: Generated<string>;
  created_at: number;
  updated_at: number;
}

/** Uploaded upgrade packages under DATA_DIR/upgrades (migration 006, DOMAIN authorise/Upgrade). */
export interface UpgradePackagesTable {
  id: Generated<number>;
  file_name: string;
  stored: string;
  version: string;
  build: Generated<string>;
  size: number;
  sha256: string;
  signature: 'valid' | 'invalid';
  changelog: Generated<string>;
  /** JSON [{path, size, sha256}] from the package manifest. */
  files: Generated<string>;
  state: 'uploaded' | 'verified' | 'applied' | 'failed';
  message: Generated<string>;
  created_by: Generated<string>;
  applied_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  backups: BackupsTable;
  upgrade_packages: UpgradePackagesTable;
}

/** The PMS/HIS event log of system/ExternalInterface (migration 012). */
export interface OutreachEventsTable {
  id: Generated<number>;
  site_id: Generated<number>;
  interface_id: number;
  at: number;
  record: string;
  room: Generated<string>;
  guest: Generated<string>;
  result: string;
  detail: Generated<string>;
}

/** The guest or patient of a room or bed as the PMS/HIS last reported it (migration 012). */
export interface AreaOccupancyTable {
  id: Generated<number>;
  site_id: Generated<number>;
  area_id: number;
  code: string;
  state: 'occupied' | 'vacant';
  guest_name: Generated<string>;
  reservation: Generated<string>;
  language: Generated<string>;
  arrival: Generated<string>;
  departure: Generated<string>;
  source: 'fias' | 'his';
  interface_id: number;
  /** JSON: HIS patient details, and the extensions' call permission before a check-out. */
  extra: Generated<string>;
  updated_at: number;
}

export interface Database {
  outreach_events: OutreachEventsTable;
  area_occupancy: AreaOccupancyTable;
}

/** The ResourcePicker's folders (migration 015); `parent_id` 0 is the root. */
export interface ExplorerFoldersTable {
  id: Generated<number>;
  site_id: number;
  parent_id: number;
  name: string;
  user_id: number;
  created_at: number;
  updated_at: number;
}

/** The folder an upload is placed in (migration 015); null is the root. */
export interface UploadsTable {
  folder_id: number | null;
}

export interface Database {
  explorer_folders: ExplorerFoldersTable;
}

/** The terminal API's credentials (migration 020): hashes only, one row per self-registered terminal. */
export interface TerminalCredentialsTable {
  terminal_id: number;
  site_id: number;
  mac: string;
  register_hash: string;
  token_hash: string | null;
  token_issued_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  terminal_credentials: TerminalCredentialsTable;
}

/** This gateway's own secrets (migration 023, auth/device-secrets.ts): never in a backup. */
export interface DeviceSecretsTable {
  name: string;
  /** 32 random bytes, hex. */
  secret: string;
  created_at: number;
}

export interface Database {
  device_secrets: DeviceSecretsTable;
}

/** Sign-in guards and remembered devices (migration 022, auth/lockout.ts, device-tokens.ts, handoff.ts). */
export interface AddressLockoutsTable {
  ip: string;
  /** How many times this address was blocked (each block lasts 1.5 times the previous). */
  level: number;
  blocked_until: number;
  /** Failures from this address count from here (a block or an unlock starts afresh). */
  counted_from: number;
  locked_at: number;
  /** The account named by the attempt that caused the last block. */
  username: string;
}

export interface AccountThrottlesTable {
  username: string;
  next_check_at: number;
}

export interface DeviceTokensTable {
  /** SHA-256 of the token: the token itself is only in the browser's cookie. */
  id: string;
  user_id: number;
  /** SHA-256 of the account's password hash when issued: a new password ends the token. */
  password_tag: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
}

export interface HandoffCodesTable {
  id: string;
  user_id: number;
  is_operations: number;
  expires_at: number;
  /** The session that made the code (migration 026): redeemed only while it lives. */
  session_id: string | null;
}

export interface Database {
  address_lockouts: AddressLockoutsTable;
  account_throttles: AccountThrottlesTable;
  device_tokens: DeviceTokensTable;
  handoff_codes: HandoffCodesTable;
}

/** Developer-mode keys (migration 021, auth/developer-keys.ts): hashes only, never in a backup. */
export interface DeveloperKeysTable {
  user_id: number;
  /** SHA-256 hex of the key. */
  key_hash: string;
  /** The key's last 4 characters, to recognise it by. */
  key_hint: string;
  created_at: number;
  expires_at: number;
}

/** Sessions ended by an event (migration 021, auth/sessions.ts): their tokens answer 1005. */
export interface EndedSessionsTable {
  id: string;
  reason: string;
  at: number;
}

export interface Database {
  developer_keys: DeveloperKeysTable;
  ended_sessions: EndedSessionsTable;
}

/** Days each authorised terminal was heard from (migration 027, the dashboard's online trend). */
export interface TerminalOnlineDaysTable {
  /** YYYY-MM-DD in the server's zone. */
  day: string;
  /** 0 marks a day the sampler ran (site_id -1). */
  terminal_id: number;
  site_id: number;
}

/** The parameters each CPE last reported (migration 028, TR-069 TerminalList's parameters sub-view). */
export interface Tr069ParametersTable {
  device_id: number;
  path: string;
  value: string;
  /** xsd:string, xsd:unsignedInt, … as the CPE typed the value. */
  type: string;
  /** Epoch ms of the report that carried the value. */
  updated_at: number;
}

export interface Database {
  terminal_online_days: TerminalOnlineDaysTable;
  tr069_parameters: Tr069ParametersTable;
}

/** The stations each AP last reported (migration 029, ac/clients.ts: an AP's clients). */
export interface AcApClientsTable {
  ap_id: number;
  /** Lower case, colon-separated. */
  mac: string;
  ip: string | null;
  hostname: string | null;
  ssid: string;
  /** `2g` or `5g`. */
  band: string;
  /** Signal strength in dBm (-120 to 0). */
  rssi: number;
  /** Epoch ms the station associated (the report's time less its connected seconds). */
  connected_at: number;
  rx_bytes: number;
  tx_bytes: number;
  /** Epoch ms of the poll that carried it. */
  reported_at: number;
}

export interface Database {
  ac_ap_clients: AcApClientsTable;
}

/** A connection or a transaction over every table, typed (`app.db.kysely`, a hook's `conn`, a verb's `db`). */
export type Conn = Kysely<Database>;

/**
 * What waits for a managed device (migration 019): CWMP RPCs for a CPE's next Inform, commands
 * for an AP agent's next poll; `domain` says which table `device_id` is a row of.
 */
export interface DeviceTasksTable {
  id: Generated<number>;
  site_id: Generated<number>;
  domain: 'ac' | 'tr069';
  device_id: number;
  name: string;
  /** JSON object. */
  args: Generated<string>;
  state: Generated<string>;
  fault_code: Generated<string>;
  fault_string: Generated<string>;
  plan_id: number | null;
  operation_id: number | null;
  created_by: Generated<string>;
  created_at: number;
  not_before: number;
  done_at: number | null;
}

export interface Database {
  device_tasks: DeviceTasksTable;
}

/**
 * A CWMP session (migration 031), kept in the database so any instance behind a load balancer
 * continues it (features/cwmp/sessions.ts): `id` is the cookie's key; `inflight_task` the task
 * whose RPC the CPE has not answered yet (at most one per device, a partial unique index).
 */
export interface CwmpSessionsTable {
  id: string;
  device_id: number;
  ns: string;
  inflight_task: number | null;
  expires_at: number;
}

export interface Database {
  cwmp_sessions: CwmpSessionsTable;
}

/**
 * The operations home's per-site figures kept ready (migration 034, features/home/site-figures.ts):
 * one row per site holding any record the home counts.
 */
export interface HomeSiteFiguresTable {
  site_id: number;
  terminals_total: number;
  terminals_authorized: number;
  terminals_online: number;
  terminals_pending: number;
  aps: number;
  aps_online: number;
  cpes: number;
  cpes_online: number;
  programmes_total: number;
  programmes_up: number;
  programmes_down: number;
  unread_records: number;
  pending_orders: number;
  open_alarms: number;
  calls_today: number;
}

/** The snapshot of home_site_figures: one row (id 1), when it was taken and the day it counts. */
export interface HomeFiguresStateTable {
  id: number;
  /** Epoch ms. */
  generated_at: number;
  /** YYYY-MM-DD in the server's zone: the day of its "today" figures. */
  day: string;
}

export interface Database {
  home_site_figures: HomeSiteFiguresTable;
  home_figures_state: HomeFiguresStateTable;
}

/** The instances of the deployment, one row per machine (migration 035, platform/licence/instances.ts). */
export interface ServerInstancesTable {
  /** The machine code the instance runs on (platform/licence/machine.ts). */
  machine_code: string;
  hostname: Generated<string>;
  version: Generated<string>;
  /** Epoch ms. */
  first_seen_at: number;
  /** Epoch ms: renewed by the instance every INSTANCE_BEAT_MS while it runs. */
  last_seen_at: number;
}

export interface Database {
  server_instances: ServerInstancesTable;
}
