import { useEffect } from 'react';

/** Keys that open the developer tools or the context menu (spec section 4). */
export function isBlockedKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'shiftKey' | 'metaKey'>,
): boolean {
  const key = event.key.toUpperCase();
  if (key === 'F12') return true;
  if (event.ctrlKey && event.shiftKey && key === 'I') return true;
  if (event.shiftKey && key === 'F10') return true;
  return false;
}

/**
 * With the footer's debug flag 0 the page blocks the context menu, F12, Ctrl+Shift+I and
 * Shift+F10; with 1 (or not yet known) nothing is blocked.
 */
export function useDebugGuard(debug: 0 | 1 | undefined): void {
  useEffect(() => {
    if (debug !== 0) return;
    const onContextMenu = (event: MouseEvent) => event.preventDefault();
    const onKeyDown = (event: KeyboardEvent) => {
      if (isBlockedKey(event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('contextmenu', onContextMenu);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('contextmenu', onContextMenu);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [debug]);
}
