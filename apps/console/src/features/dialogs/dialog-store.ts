import { create } from 'zustand';

/** The shell dialogs the user menu opens; one at a time. */
export type ShellDialog = 'changePassword' | 'personalData' | 'developerMode';

interface DialogState {
  open: ShellDialog | null;
  show: (dialog: ShellDialog) => void;
  close: () => void;
}

export const useDialogStore = create<DialogState>()((set) => ({
  open: null,
  show: (dialog) => set({ open: dialog }),
  close: () => set({ open: null }),
}));
