import { message } from '@igs/contract';

/** Spec section 4: the exact text when the browser cannot go full screen. */
export const FULLSCREEN_UNSUPPORTED = message('fullscreenUnsupported');

export interface FullscreenDocument {
  fullscreenEnabled?: boolean;
  fullscreenElement?: Element | null;
  documentElement: { requestFullscreen?: () => Promise<void> };
  exitFullscreen?: () => Promise<void>;
}

export function isFullscreenSupported(doc: FullscreenDocument = document): boolean {
  return doc.fullscreenEnabled === true && typeof doc.documentElement.requestFullscreen === 'function';
}

/**
 * Enter or leave full screen (Fullscreen API). Returns the message to show when the browser
 * cannot, otherwise undefined.
 */
export async function toggleFullscreen(doc: FullscreenDocument = document): Promise<string | undefined> {
  if (!isFullscreenSupported(doc)) return FULLSCREEN_UNSUPPORTED;
  try {
    if (doc.fullscreenElement) await doc.exitFullscreen?.();
    else await doc.documentElement.requestFullscreen?.();
    return undefined;
  } catch {
    return FULLSCREEN_UNSUPPORTED;
  }
}
