import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { useFirstPageSettled } from '../../app/first-page-settled.ts';
import { logError } from '../../stores/error-log.ts';
import { DialogLoadError, retryableLazy } from '../dialogs/dialog-load-boundary.tsx';
import type { PageExtras } from '../resource/page-extras.ts';
import { sceneExtras } from './scene-extras.ts';

/*
 * Each module's extras are loaded when its page first draws them: together they are some 50 KB
 * minified, a few of them with zod for their own forms, and the record page's chunk carried them
 * all for every module (issue 18: bytes before a module page is usable). On the first page of a
 * load an extra is asked for once the page has its first data (a toolbar button, a chart below the
 * list: the list comes first on a slow link); until it is in, it takes no room. An extra whose code
 * does not load (a dropped link, a redeploy's new chunk names) is left out of its page and logged,
 * never the page's error screen; the next drawing of the page tries again.
 */

/** Around one extra: its code failing to load leaves its place empty; other errors go on up. */
class ExtraLoadBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof DialogLoadError) logError(error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof DialogLoadError)) throw error;
    return null;
  }
}

function lazyExtra<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const extra = retryableLazy(load);
  return function Extra(props: P) {
    const firstPageSettled = useFirstPageSettled();
    if (!firstPageSettled) return null;
    const Lazy = extra.get();
    return (
      <ExtraLoadBoundary>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </ExtraLoadBoundary>
    );
  };
}

const ApClients = lazyExtra(() => import('./ap-clients.tsx').then((m) => m.ApClients));
const CallsPerDay = lazyExtra(() => import('./calls-per-day.tsx').then((m) => m.CallsPerDay));
const CpeParameters = lazyExtra(() => import('./cpe-parameters.tsx').then((m) => m.CpeParameters));
const DeviceTasks = lazyExtra(() => import('./device-tasks.tsx').then((m) => m.DeviceTasks));
const EncryptionSettingsButton = lazyExtra(() =>
  import('./encryption-settings.tsx').then((m) => m.EncryptionSettingsButton),
);
const EpgTimeline = lazyExtra(() => import('./epg-timeline.tsx').then((m) => m.EpgTimeline));
const ExtensionCalls = lazyExtra(() => import('./extension-calls.tsx').then((m) => m.ExtensionCalls));
const MallSettingsButton = lazyExtra(() => import('./mall-settings.tsx').then((m) => m.MallSettingsButton));
const M3uExportButton = lazyExtra(() => import('./media-exports.tsx').then((m) => m.M3uExportButton));
const XmltvExportButton = lazyExtra(() => import('./media-exports.tsx').then((m) => m.XmltvExportButton));
const OutreachEvents = lazyExtra(() => import('./outreach-events.tsx').then((m) => m.OutreachEvents));
const CommandHistory = lazyExtra(() => import('./send-command.tsx').then((m) => m.CommandHistory));
const SendCommandButton = lazyExtra(() => import('./send-command.tsx').then((m) => m.SendCommandButton));
const TimedTaskExtras = lazyExtra(() => import('./timed-task-extras.tsx').then((m) => m.TimedTaskExtras));
const WakeupTodayView = lazyExtra(() => import('./wakeup-today.tsx').then((m) => m.WakeupTodayView));

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
