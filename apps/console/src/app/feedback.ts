import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

// Toasts from outside React (request layer, stores). The App component binds its contextual
// instance so toasts follow the theme; before that the static API is used.
let bound: MessageInstance | undefined;

export function bindMessageApi(api: MessageInstance | undefined): void {
  bound = api;
}

function api(): Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'> {
  return bound ?? message;
}

export const toast = {
  error: (text: string) => void api().error(text),
  success: (text: string) => void api().success(text),
  warning: (text: string) => void api().warning(text),
  info: (text: string) => void api().info(text),
};
