import { type Lang, message } from '@igs/contract';

/** Spec section 9: avatar limit 10 MB. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png']);

/** Only JPG or PNG, below 10 MB (spec section 5); returns the message to show, if any. */
export function checkAvatar(file: Pick<File, 'type' | 'size'>, lang: Lang): string | undefined {
  if (!AVATAR_TYPES.has(file.type)) return message('avatarType', lang);
  if (file.size >= AVATAR_MAX_BYTES) return message('avatarSize', lang);
  return undefined;
}
