import type { PageExtras } from '../resource/page-extras.ts';
import { ApClients } from './ap-clients.tsx';
import { CallsPerDay } from './calls-per-day.tsx';
import { CpeParameters } from './cpe-parameters.tsx';
import { DeviceTasks } from './device-tasks.tsx';
import { EncryptionSettingsButton } from './encryption-settings.tsx';
import { EpgTimeline } from './epg-timeline.tsx';
import { ExtensionCalls } from './extension-calls.tsx';
import { MallSettingsButton } from './mall-settings.tsx';
import { M3uExportButton, XmltvExportButton } from './media-exports.tsx';
import { OutreachEvents } from './outreach-events.tsx';
import { sceneExtras } from './scene-extras.ts';
import { CommandHistory, SendCommandButton } from './send-command.tsx';
import { TimedTaskExtras } from './timed-task-extras.tsx';
import { WakeupTodayView } from './wakeup-today.tsx';

/** The extras of each resource, by resource name; one place to find what a module adds. */
const EXTRAS: Readonly<Record<string, PageExtras>> = {
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
    footer: () => <EpgTimeline />,
  },
  'voice:wakeup': { footer: () => <WakeupTodayView /> },
  'voice:cdr': { footer: () => <CallsPerDay /> },
  // Related records no reference field names: an extension's calls, a device's parameters, tasks
  // and faults, an AP's clients.
  'voice:extension': { related: (record) => <ExtensionCalls extension={String(record.extension ?? '')} /> },
  'tr069:device': {
    related: (record) => (
      <>
        <CpeParameters id={record.id} />
        <DeviceTasks domain="tr069" id={record.id} />
      </>
    ),
  },
  'ac:ap': {
    related: (record) => (
      <>
        <ApClients id={record.id} />
        <DeviceTasks domain="ac" id={record.id} />
      </>
    ),
  },
  'shop:goods': { toolbar: () => <MallSettingsButton /> },
  'index:app_list': {
    toolbar: (scope) => <SendCommandButton ids={scope.selectedIds} onSent={scope.refresh} />,
    expandedRow: (row) => <CommandHistory terminalId={row.id} />,
  },
  'system:timed_task': { expandedRow: (row) => <TimedTaskExtras taskId={row.id} /> },
  'system:outreach': { footer: () => <OutreachEvents /> },
  'index:scenario': sceneExtras,
};

/** The resources that have extras (for a test that each still exists). */
export const RESOURCES_WITH_EXTRAS: readonly string[] = Object.keys(EXTRAS);

export function extrasOf(resource: string): PageExtras | undefined {
  return EXTRAS[resource];
}
