import type { ComponentType } from 'react';

// The shell layout (`Layout` in the menu tree) lives in src/layout/index.tsx as a named export.
// Looked up through a glob so the router still works, with pages rendered plainly, without it.
const layoutModules = import.meta.glob<{ Layout?: ComponentType }>('../layout/index.tsx');

/**
 * The signed-in layout, or undefined when the console is built without one. No react-router here:
 * the sign-in page, which runs without the router (start/main.tsx), preloads the layout through it.
 */
export async function loadLayout(): Promise<ComponentType | undefined> {
  const load = Object.values(layoutModules)[0];
  if (!load) return undefined;
  return (await load()).Layout;
}

let preloaded = false;

/**
 * Starts loading the shell (and antd with it) while the visitor fills in the sign-in form, so the
 * first signed-in screen does not wait for it; the sign-in page itself loads none of it
 * (docs/performance.md). Once per page load; a failure is left to the route's own load.
 */
export function preloadShell(): void {
  if (preloaded) return;
  preloaded = true;
  loadLayout().catch(() => {});
}
