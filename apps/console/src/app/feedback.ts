import type { MessageInstance } from 'antd/es/message/interface';

type Toasts = Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info'>;

// Toasts from outside React (request layer, stores). The signed-in layout binds antd's contextual
// instance (app/message-bridge.tsx) so toasts follow the theme. Before that, on the sign-in page,
// the static API is loaded on the first toast: antd's message code is not needed to show the form
// (docs/performance.md).
let bound: Toasts | undefined;
let staticApi: Promise<Toasts> | undefined;

export function bindMessageApi(api: Toasts | undefined): void {
  bound = api;
}

/**
 * Replaces antd's static API for toasts shown outside the signed-in layout. Console tests use it:
 * the static API mounts a React root of its own and closes each toast on a timer, which can fire
 * after a test file's jsdom is gone and fail the run ("window is not defined").
 */
export function replaceStaticToasts(api: Toasts): void {
  staticApi = Promise.resolve(api);
}

function show(kind: keyof Toasts, text: string): void {
  if (bound) {
    void bound[kind](text);
    return;
  }
  staticApi ??= import('antd/es/message/index.js').then((module) => module.default);
  void staticApi.then((api) => api[kind](text));
}

export const toast = {
  error: (text: string) => show('error', text),
  success: (text: string) => show('success', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
};
