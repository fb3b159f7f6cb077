import type { Lang } from '../messages.ts';
import type { FileFormatName } from './formats.ts';
import type { VerbDef } from './verbs.ts';

/**
 * The field types of DOMAIN section 0. Each maps to one storage type, one validation rule and one
 * form control, so a resource is described once and both the server and the console follow it.
 */
export type FieldType =
  | 'str'
  | 'text'
  | 'html'
  | 'int'
  | 'num'
  | 'bool'
  | 'enum'
  | 'enums'
  | 'date'
  | 'time'
  | 'dt'
  | 'ip'
  | 'cidr'
  | 'mac'
  | 'host'
  | 'url'
  | 'cron'
  | 'file'
  | 'pwd'
  | 'ref'
  | 'refs'
  | 'json';

export type Text = Record<Lang, string>;

/**
 * How a state reads at a glance, one scheme across the console: success (online, registered,
 * answered, approved, active), processing (running, in progress), warning (pending, ringing,
 * modified), error (offline, unreachable, failed, rejected), default (expired, ended, unknown).
 */
export type Tone = 'success' | 'processing' | 'warning' | 'error' | 'default';

/** The words of one enum value in each language; a state value also has its tone. */
export interface OptionLabel extends Text {
  tone?: Tone;
}

/**
 * What an int field counts, so the console shows and takes it as a person reads it while the server
 * stores the integer: `fen` as yuan with two decimals (¥38.00), `seconds` as h:mm:ss, `bytes` as
 * KB/MB/GB, `kbps` as kbit/s or Mbit/s.
 */
export type Unit = 'fen' | 'seconds' | 'bytes' | 'kbps';

/**
 * The shape of a json field's value, so the console edits it with a structured control and shows
 * it readably, never as JSON text: `list` an array of single values (each read as `of` reads it:
 * enum labels, referenced names, thumbnails), `rows` an array of objects (a small table), `object`
 * one object (a group of fields).
 */
export type JsonShape =
  | { kind: 'list'; of: FieldDef }
  | { kind: 'rows'; fields: readonly FieldDef[] }
  | { kind: 'object'; fields: readonly FieldDef[] };

export interface FieldDef {
  name: string;
  type: FieldType;
  label: Text;
  required?: boolean;
  /** Set by the server (RO in DOMAIN); never accepted from a client. */
  readonly?: boolean;
  default?: string | number | null | readonly (string | number)[];
  /** int/num: value range; str: length range. */
  min?: number;
  max?: number;
  /** enum/enums: the allowed values. */
  options?: readonly string[];
  /** enum: the values allowed in operations mode, when fewer (DOMAIN 2.10); the form offers only these. */
  opsOptions?: readonly string[];
  /**
   * enum/enums: the words of every value in both languages, and the tone of a state (a contract test
   * fails when a value lacks them). Written with `choices` of fields.ts.
   */
  optionLabels?: Readonly<Record<string, OptionLabel>>;
  /**
   * bool that is a state (online, pushing): its words and tones for on and off, so it reads as
   * 在线/离线 in green/red rather than yes/no. Written with `stateFlag` of fields.ts.
   */
  boolLabels?: Readonly<{ on: OptionLabel; off: OptionLabel }>;
  /** int: what the number counts (money in fen, a duration in seconds …), see Unit. */
  unit?: Unit;
  /** json: the shape of the value, see JsonShape. */
  shape?: JsonShape;
  /**
   * str: the value names a record of `resource` by its field `by` rather than its id (an agent by
   * its extension number, as queues.conf is written), so the console shows that record's name
   * beside the value and offers those records to pick from.
   */
  names?: { resource: string; by: string };
  /** ref/refs: the name of the referenced resource, or of a LOOKUPS list (roles) that is not one. */
  ref?: string;
  /**
   * json list of ids whose resource depends on another field of the record (an alarm rule's sources
   * are phones, cameras or patrol routes by its `source`; a reboot plan's targets APs, categories or
   * areas by its `target_type`): that field's value → the resource the ids name, or null where the
   * values are words of their own (tags, product classes). A value not listed names nothing (all APs).
   */
  refBy?: { field: string; resources: Readonly<Record<string, string | null>> };
  unique?: boolean;
  /**
   * A `url` field naming a picture (an M3U channel's tvg-logo): the list shows it small, fetched
   * by the server (the console's policy loads no picture from elsewhere) through `thumbnail`.
   */
  thumbnail?: boolean;
  /** An example value the empty input shows (else one of the field's type: a stream for a url). */
  placeholder?: string;
  /** A list column (L). */
  list?: boolean;
  /** A list filter (F). */
  filter?: boolean;
  /** Matched by the list's `keyword`. */
  keyword?: boolean;
  /** json: a value the server accepts, shown in the empty form as the shape to follow. */
  example?: string;
  /** A further rule: a regular expression and its message. */
  pattern?: { source: string; message: Text };
}

/**
 * `Table` is the table's name as a literal where the resource is declared (`ResourceDef<'ac_ap'>`),
 * so the server's queries over `def.table` are typed by the generated row types.
 */
export interface ResourceDef<Table extends string = string> {
  /** Unique id, the permission prefix of the primary endpoint, e.g. `media:live_type`. */
  name: string;
  /** Full-mode endpoint, e.g. `/admin.php/media/live_type`. */
  endpoint: string;
  /** Operations-mode twin, scoped by `igs-sids` (DOMAIN section 2.10). */
  opsEndpoint?: string;
  table: Table;
  title: Text;
  fields: readonly FieldDef[];
  /** No add/edit/del: rows come from the system (DOMAIN "RO"). */
  readonly?: boolean;
  /**
   * Import and export formats (DOMAIN "I/O"): csv and json, or a module's own (formats.ts) that the
   * server registers for this resource. Every list that exports also offers XLSX.
   */
  io?: { import?: readonly FileFormatName[]; export?: readonly FileFormatName[] };
  /** The resource's own actions (DOMAIN "Verbs:"), see verbs.ts. */
  verbs?: readonly VerbDef[];
  /**
   * Column priority of the list: `first`, the columns an operator reads first, in that order (a
   * TR-069 device's serial, model, online state, IP, software version, last inform); `more`, list
   * columns hidden until the column settings show them. Without it the list shows the record's
   * name, then its states, then the rest in description order.
   */
  columns?: { first?: readonly string[]; more?: readonly string[] };
  /** Default sort; otherwise `sort` ascending then newest first when there is a sort field, else newest first. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /**
   * The name of the resource whose editor page edits these records (a child list such as a
   * scene's carousel): they get no tab of their own in the record modules, though the menu item
   * keeps their endpoint (resourceModules in modules-of-menus.ts).
   */
  editedIn?: string;
  /**
   * Records kept by full mode (site 0) that every operations site may use as well as its own: a
   * catalogue that operations mode references but has no endpoint to manage (EasyTemplate). An
   * operations record may reference them, and the owner's `options` of such a reference offer them.
   */
  sharedWithSites?: boolean;
  /**
   * Indexes for the server's own queries across every site (a periodic check over all
   * terminals), beside the per-field ones, which lead with `site_id`. `where` makes one partial:
   * only the rows whose field holds the value are indexed.
   */
  indexes?: readonly ResourceIndex[];
  /**
   * Records of the deployment rather than of a site (the fleet registry: sites and customers).
   * Stored at site 0 and served on one operations-mode endpoint (`endpoint` = `opsEndpoint`)
   * whatever `igs-sids` names, to accounts that reach every site (apps/server resources/actions.ts).
   */
  registry?: boolean;
}

/** An index of a resource table beyond the per-field ones (`ResourceDef.indexes`). */
export interface ResourceIndex {
  /** The index is `<table>_<name>_idx`. */
  name: string;
  columns: readonly string[];
  where?: { field: string; equals: number | string };
  /**
   * `trigram`: an index for the keyword search's "contains" (`ilike '%…%'`) over every site, one
   * column (PostgreSQL's pg_trgm GIN index; SQLite has no such index and leaves it out).
   */
  method?: 'trigram';
}

/** Columns every resource table has (DOMAIN section 0, "Fields every entity has"). */
export const SYSTEM_COLUMNS = ['id', 'site_id', 'created_at', 'updated_at'] as const;
