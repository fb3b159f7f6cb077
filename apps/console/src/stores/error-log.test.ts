import { beforeEach, describe, expect, it } from 'vitest';
import {
  installErrorLog,
  logError,
  MAX_ERROR_LOGS,
  shouldKeepErrorLog,
  useErrorLogStore,
} from './error-log.ts';

describe('error log', () => {
  beforeEach(() => useErrorLogStore.getState().clearErrorLog());

  it('is kept only in production', () => {
    expect(shouldKeepErrorLog(false)).toBe(false);
    expect(shouldKeepErrorLog(true)).toBe(true);
    logError(new Error('dev'), '/x', false);
    expect(useErrorLogStore.getState().logs).toEqual([]);
  });

  it('records error, view, info and url', () => {
    logError(new Error('boom'), '/voice/extension', true);
    const [entry] = useErrorLogStore.getState().logs;
    expect(entry).toMatchObject({ error: 'boom', view: '/voice/extension', url: window.location.href });
    expect(entry?.info).toContain('boom');
  });

  it('keeps a bounded number of entries', () => {
    for (let i = 0; i < MAX_ERROR_LOGS + 5; i++) logError(`e${i}`, '/', true);
    const { logs } = useErrorLogStore.getState();
    expect(logs).toHaveLength(MAX_ERROR_LOGS);
    expect(logs.at(-1)?.error).toBe(`e${MAX_ERROR_LOGS + 4}`);
  });

  it('captures uncaught errors once installed in production', () => {
    // A plain event carrying a reason: a real ErrorEvent would also reach the test runner's handler.
    const rejection = (reason: string) =>
      Object.assign(new Event('unhandledrejection'), { reason: new Error(reason) });
    const uninstall = installErrorLog(true);
    window.dispatchEvent(rejection('uncaught'));
    uninstall();
    window.dispatchEvent(rejection('later'));
    expect(useErrorLogStore.getState().logs.map((l) => l.error)).toEqual(['uncaught']);
  });
});
