import { useUserStore } from '../../stores/user.ts';
import { ChangePasswordDialog } from './change-password/change-password-dialog.tsx';
import { DeveloperModeDialog } from './developer-mode/developer-mode-dialog.tsx';
import { useDialogStore } from './dialog-store.ts';
import { PersonalDataDialog } from './personal-data/personal-data-dialog.tsx';

/**
 * The shell's dialogs, mounted once in the layout. A weak password (flag 1) forces the
 * change-password dialog open and non-closable (spec section 4).
 */
export function ShellDialogs() {
  const open = useDialogStore((s) => s.open);
  const close = useDialogStore((s) => s.close);
  const weak = useUserStore((s) => s.weakPsw === 1);
  return (
    <>
      <ChangePasswordDialog open={weak || open === 'changePassword'} forced={weak} onClose={close} />
      <PersonalDataDialog open={open === 'personalData'} onClose={close} />
      <DeveloperModeDialog open={open === 'developerMode'} onClose={close} />
    </>
  );
}
