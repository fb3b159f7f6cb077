import { message } from 'antd';
import { useEffect } from 'react';
import { bindMessageApi } from './feedback.ts';

/**
 * Hands antd's contextual message API to code outside React (request layer, stores), so toasts
 * follow the theme. Only the message hook, not antd's App, which would also bring Modal and
 * Notification; pages that confirm use `Modal.useModal()` themselves.
 */
export function MessageBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindMessageApi(api);
    return () => bindMessageApi(undefined);
  }, [api]);
  return holder;
}
