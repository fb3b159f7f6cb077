import { useUserStore } from '../../stores/user.ts';

/**
 * A module-extra call's path in the current mode: `/admin.php/<area>/<name>` in full mode, its
 * lower-case twin `/operations/<area>/<name>` in operations mode (DOMAIN 1.1), when it has one.
 */
export function modePath(fullPath: string, isOperations: 0 | 1, hasTwin = true): string {
  return isOperations === 1 && hasTwin ? fullPath.replace(/^\/admin\.php\//, '/operations/') : fullPath;
}

export function useModePath(fullPath: string, hasTwin = true): string {
  const isOperations = useUserStore((s) => s.isOperations);
  return modePath(fullPath, isOperations, hasTwin);
}
