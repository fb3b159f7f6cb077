import { create } from 'zustand';

/** One captured error (spec section 3): the error, the view it happened in, extra info, the URL. */
export interface ErrorLogEntry {
  error: string;
  view: string;
  info: string;
  url: string;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  addErrorLog: (entry: ErrorLogEntry) => void;
  clearErrorLog: () => void;
}

/** Keep at most this many entries so a looping error cannot grow memory without bound. */
export const MAX_ERROR_LOGS = 100;

/** The log is kept only in production (spec section 9); in development the console shows errors. */
export function shouldKeepErrorLog(isProduction: boolean = import.meta.env.PROD): boolean {
  return isProduction;
}

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  addErrorLog: (entry) => set((s) => ({ logs: [...s.logs, entry].slice(-MAX_ERROR_LOGS) })),
  clearErrorLog: () => set({ logs: [] }),
}));

function describe(reason: unknown): { error: string; info: string } {
  if (reason instanceof Error) return { error: reason.message, info: reason.stack ?? '' };
  return { error: String(reason), info: '' };
}

/** Record an error with the current view; a no-op outside production. */
export function logError(reason: unknown, view = window.location.pathname, isProduction?: boolean): void {
  if (!shouldKeepErrorLog(isProduction)) return;
  useErrorLogStore.getState().addErrorLog({ ...describe(reason), view, url: window.location.href });
}

/** Capture uncaught errors and rejections (production only). Returns the uninstaller. */
export function installErrorLog(isProduction?: boolean): () => void {
  if (!shouldKeepErrorLog(isProduction)) return () => {};
  const onError = (event: ErrorEvent) => logError(event.error ?? event.message, undefined, isProduction);
  const onRejection = (event: PromiseRejectionEvent) => logError(event.reason, undefined, isProduction);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
