import { useLoadingStore } from './loading.ts';
import './loading-overlay.css';

/**
 * The request layer's overlay: shown once while any call that asked for it is in flight. A CSS
 * ring rather than antd's Spin, which would weigh on the sign-in page (docs/performance.md).
 */
export function LoadingOverlay() {
  const pending = useLoadingStore((s) => s.pending);
  if (pending === 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-busy="true">
      <span className="loading-overlay__ring" />
    </div>
  );
}
