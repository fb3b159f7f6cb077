import { Suspense, useEffect, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { DialogLoadBoundary, FailedDialog, retryableLazy } from './dialog-load-boundary.tsx';
import { type ShellDialog, useDialogStore } from './dialog-store.ts';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Each dialog's code (its form, antd's Upload and Descriptions, the validators) loads the first
 * time it opens, not with the shell: a page reload on a slow link does not wait for dialogs that
 * are rarely opened (docs/performance.md, "Slow links"). An import that fails (a dropped link, a
 * redeploy that renamed the chunks) shows a message and a retry in the dialog's place, and is tried
 * again on retry or the next opening.
 */
const DIALOGS = {
  changePassword: retryableLazy<DialogProps & { forced?: boolean }>(() =>
    import('./change-password/change-password-dialog.tsx').then((m) => m.ChangePasswordDialog),
  ),
  personalData: retryableLazy<DialogProps>(() =>
    import('./personal-data/personal-data-dialog.tsx').then((m) => m.PersonalDataDialog),
  ),
  developerMode: retryableLazy<DialogProps>(() =>
    import('./developer-mode/developer-mode-dialog.tsx').then((m) => m.DeveloperModeDialog),
  ),
} satisfies Record<ShellDialog, unknown>;

/** The key of each dialog's title, for the message shown when its code did not load. */
const TITLES: Record<ShellDialog, string> = {
  changePassword: 'shell.changePassword',
  personalData: 'shell.personalData',
  developerMode: 'shell.developerMode',
};

/** Calls `onMount` once it is committed: inside a Suspense boundary, once the lazy code is there. */
function OnMount({ onMount }: { onMount: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when mounted
  useEffect(onMount, []);
  return null;
}

/**
 * One dialog, loaded when it first opens. It is first drawn closed, then opened, as when it was
 * mounted with the layout: the dialogs' forms are filled by effects that run on opening.
 */
function LazyDialog({
  dialog,
  open,
  forced,
  onClose,
}: DialogProps & { dialog: ShellDialog; forced: boolean }) {
  const t = useT();
  const Dialog = DIALOGS[dialog].get();
  const [mounted, setMounted] = useState(false);
  // Each retry remounts the boundary, which draws a new lazy component: a failed one stays failed.
  const [attempt, setAttempt] = useState(0);
  const failed = {
    title: t(TITLES[dialog]),
    open,
    forced: dialog === 'changePassword' && forced,
    onRetry: () => setAttempt((n) => n + 1),
    onClose,
  };
  return (
    <DialogLoadBoundary key={attempt} {...failed}>
      {/* While a retry loads, the message stays up (the forced dialog must not vanish), its button spinning. */}
      <Suspense fallback={attempt > 0 ? <FailedDialog {...failed} retrying /> : null}>
        <Dialog
          open={open && mounted}
          {...(dialog === 'changePassword' ? { forced } : {})}
          onClose={onClose}
        />
        <OnMount onMount={() => setMounted(true)} />
      </Suspense>
    </DialogLoadBoundary>
  );
}

/**
 * The shell's dialogs, mounted in the layout from their first opening on (and kept mounted, so
 * that closing one animates as before). A weak password (flag 1) forces the change-password
 * dialog open and non-closable (spec section 4).
 */
export function ShellDialogs() {
  const open = useDialogStore((s) => s.open);
  const close = useDialogStore((s) => s.close);
  const weak = useUserStore((s) => s.weakPsw === 1);
  const isOpen = (dialog: ShellDialog) => (dialog === 'changePassword' && weak) || open === dialog;
  const [opened, setOpened] = useState<ReadonlySet<ShellDialog>>(() => new Set());
  const shown = (Object.keys(DIALOGS) as ShellDialog[]).filter((d) => opened.has(d) || isOpen(d));
  if (shown.some((d) => !opened.has(d))) setOpened(new Set([...opened, ...shown]));
  return shown.map((dialog) => (
    <LazyDialog key={dialog} dialog={dialog} open={isOpen(dialog)} forced={weak} onClose={close} />
  ));
}
