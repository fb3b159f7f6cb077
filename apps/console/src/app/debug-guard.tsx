import { useFirstPageSettled } from './first-page-settled.ts';
import { useOtherInfo } from './other-info.ts';
import { useDebugGuard } from './use-debug-guard.ts';

/** Applies the footer's debug flag once signed in (the footer info needs a session). */
export function DebugGuard() {
  const { data } = useOtherInfo(useFirstPageSettled());
  useDebugGuard(data?.debug);
  return null;
}
