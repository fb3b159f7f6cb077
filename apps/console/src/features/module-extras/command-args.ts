import type { TerminalCommandType } from '@igs/contract/extras';

export interface CommandFormValues {
  type?: TerminalCommandType;
  text?: string;
  duration_s?: number | null;
  package?: string;
  release_id?: number | null;
}

/**
 * The `send` call's `args` for the chosen type: only the fields that type takes (the server
 * refuses any other), empty ones left out so its required-field message names them.
 */
export function commandArgs(values: CommandFormValues): Record<string, unknown> {
  switch (values.type) {
    case 'show_message': {
      const args: Record<string, unknown> = {};
      if (values.text?.trim()) args.text = values.text.trim();
      if (values.duration_s) args.duration_s = values.duration_s;
      return args;
    }
    case 'open_app':
      return values.package?.trim() ? { package: values.package.trim() } : {};
    case 'upgrade':
      return values.release_id ? { release_id: values.release_id } : {};
    default:
      return {};
  }
}
