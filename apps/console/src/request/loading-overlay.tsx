import { Spin } from 'antd';
import { useLoadingStore } from './loading.ts';

/** The request layer's overlay: shown once while any call that asked for it is in flight. */
export function LoadingOverlay() {
  const pending = useLoadingStore((s) => s.pending);
  return <Spin fullscreen spinning={pending > 0} />;
}
