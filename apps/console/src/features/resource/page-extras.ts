import type { ReactNode } from 'react';

/** What a record page knows when it draws a module's own buttons. */
export interface ToolbarScope {
  selectedIds: number[];
  filter: Record<string, unknown>;
  keyword?: string;
  /** Reload the list after the extra changed records. */
  refresh: () => void;
}

/**
 * A page of its own that adds and edits the records in place of the drawer: a record with more
 * than its fields, such as a scene and its carousel (smart/SceneEdit). Add opens `path`, a row's
 * edit `path?<param>=<id>`; in operations mode the page's site goes along. A role that does not
 * hold the route keeps the drawer.
 */
export interface RecordEditor {
  /** The editor's route, e.g. `/scenelistadd`. */
  path: string;
  /** The query parameter that names the record to edit, e.g. `scene_id`. */
  param: string;
}

/** A link from a row to another page about it (a scene's other settings); hidden without the route. */
export interface RowLink {
  key: string;
  /** i18n key of the link text. */
  label: string;
  path: string;
  query: Record<string, string | number>;
}

/**
 * A module's own pieces around the generic record page, for screens of DOMAIN that are a record
 * list plus a little more (a settings dialog, a playlist export, a command to terminals). Which
 * module has which lives in features/module-extras/registry.tsx.
 */
export interface PageExtras {
  /** Buttons beside the page's own. */
  toolbar?: (scope: ToolbarScope) => ReactNode;
  /** A row's expanded content. */
  expandedRow?: (row: { id: number }) => ReactNode;
  /** Shown under the table. */
  footer?: () => ReactNode;
  /** Add and edit on a page of their own instead of the drawer. */
  editor?: RecordEditor;
  /** Links of each row, beside its edit and delete. */
  rowLinks?: (row: { id: number }) => RowLink[];
  /** The module's own related records in a record's detail drawer (a device's parameters). */
  related?: (record: Record<string, unknown> & { id: number }) => ReactNode;
}
