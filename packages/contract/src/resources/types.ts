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
   * enum/enums: the words of each value when the contract owns a labelled list (`app_type`,
   * `app_style`: see extras `choicesOf`); otherwise the console's `res.enum.*` texts name them.
   */
  optionLabels?: Readonly<Record<string, Text>>;
  /** ref/refs: the name of the referenced resource. */
  ref?: string;
  unique?: boolean;
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

export interface ResourceDef {
  /** Unique id, the permission prefix of the primary endpoint, e.g. `media:live_type`. */
  name: string;
  /** Full-mode endpoint, e.g. `/admin.php/media/live_type`. */
  endpoint: string;
  /** Operations-mode twin, scoped by `igs-sids` (DOMAIN section 2.10). */
  opsEndpoint?: string;
  table: string;
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
}

/** Columns every resource table has (DOMAIN section 0, "Fields every entity has"). */
export const SYSTEM_COLUMNS = ['id', 'site_id', 'created_at', 'updated_at'] as const;
