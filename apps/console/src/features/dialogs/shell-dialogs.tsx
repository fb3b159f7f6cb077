import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { useUserStore } from '../../stores/user.ts';
import { type ShellDialog, useDialogStore } from './dialog-store.ts';

interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Each dialog's code (its form, antd's Upload and Descriptions, the validators) loads the first
 * time it opens, not with the shell: a page reload on a slow link does not wait for dialogs that
 * are rarely opened (docs/performance.md, "Slow links").
 */
const DIALOGS: Record<ShellDialog, ComponentType<DialogProps & { forced?: boolean }>> = {
  changePassword: lazy(() =>
    import('./change-password/change-password-dialog.tsx').then((m) => ({ default: m.ChangePasswordDialog })),
  ),
  personalData: lazy(() =>
    import('./personal-data/personal-data-dialog.tsx').then((m) => ({ default: m.PersonalDataDialog })),
  ),
  developerMode: lazy(() =>
    import('./developer-mode/developer-mode-dialog.tsx').then((m) => ({ default: m.DeveloperModeDialog })),
  ),
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
  const Dialog = DIALOGS[dialog];
  const [mounted, setMounted] = useState(false);
  return (
    <Suspense fallback={null}>
      <Dialog open={open && mounted} {...(dialog === 'changePassword' ? { forced } : {})} onClose={onClose} />
      <OnMount onMount={() => setMounted(true)} />
    </Suspense>
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
