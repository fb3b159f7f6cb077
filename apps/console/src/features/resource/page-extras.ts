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
}
