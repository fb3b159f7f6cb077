import { useOtherInfo } from './other-info.ts';
import { useDebugGuard } from './use-debug-guard.ts';

/** Applies the footer's debug flag once signed in (the footer info needs a session). */
export function DebugGuard() {
  const { data } = useOtherInfo();
  useDebugGuard(data?.debug);
  return null;
}
