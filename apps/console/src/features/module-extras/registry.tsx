import type { ReactNode } from 'react';
import { EncryptionSettingsButton } from './encryption-settings.tsx';
import { MallSettingsButton } from './mall-settings.tsx';
import { M3uExportButton, XmltvExportButton } from './media-exports.tsx';
import { OutreachEvents } from './outreach-events.tsx';
import { CommandHistory, SendCommandButton } from './send-command.tsx';
import { TimedTaskExtras } from './timed-task-extras.tsx';

/** What a record page knows when it draws a module's own buttons. */
export interface ToolbarScope {
  selectedIds: number[];
  filter: Record<string, unknown>;
  keyword?: string;
  /** Reload the list after the extra changed records. */
  refresh: () => void;
}

/**
 * A module's own pieces around the generic record page: the screens of DOMAIN that are a record
 * list plus a little more (a settings dialog, a playlist export, a command to terminals).
 */
export interface ResourceExtras {
  /** Buttons beside the page's own. */
  toolbar?: (scope: ToolbarScope) => ReactNode;
  /** A row's expanded content. */
  expandedRow?: (row: { id: number }) => ReactNode;
  /** Shown under the table. */
  footer?: () => ReactNode;
}

/** The extras of each resource, by resource name; one place to find what a module adds. */
const EXTRAS: Readonly<Record<string, ResourceExtras>> = {
  'media:live': {
    toolbar: (scope) => (
      <>
        <EncryptionSettingsButton selectedIds={scope.selectedIds} onChanged={scope.refresh} />
        <M3uExportButton filter={scope.filter} keyword={scope.keyword} ids={scope.selectedIds} />
      </>
    ),
  },
  'media:epg': {
    toolbar: (scope) => (
      <XmltvExportButton filter={scope.filter} keyword={scope.keyword} ids={scope.selectedIds} />
    ),
  },
  'shop:goods': { toolbar: () => <MallSettingsButton /> },
  'index:app_list': {
    toolbar: (scope) => <SendCommandButton ids={scope.selectedIds} onSent={scope.refresh} />,
    expandedRow: (row) => <CommandHistory terminalId={row.id} />,
  },
  'system:timed_task': { expandedRow: (row) => <TimedTaskExtras taskId={row.id} /> },
  'system:outreach': { footer: () => <OutreachEvents /> },
};

export function extrasOf(resource: string): ResourceExtras | undefined {
  return EXTRAS[resource];
}
