import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isBlockedKey, useDebugGuard } from './use-debug-guard.ts';

function press(init: KeyboardEventInit): boolean {
  const event = new KeyboardEvent('keydown', { ...init, cancelable: true, bubbles: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function rightClick(): boolean {
  const event = new MouseEvent('contextmenu', { cancelable: true, bubbles: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('isBlockedKey', () => {
  it('blocks F12, Ctrl+Shift+I and Shift+F10 only', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
      isBlockedKey({ key: k, ctrlKey: false, shiftKey: false, metaKey: false, ...mods });
    expect(key('F12')).toBe(true);
    expect(key('I', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(key('i', { ctrlKey: true, shiftKey: true })).toBe(true);
    expect(key('F10', { shiftKey: true })).toBe(true);
    expect(key('F10')).toBe(false);
    expect(key('I', { ctrlKey: true })).toBe(false);
    expect(key('a')).toBe(false);
  });
});

describe('useDebugGuard', () => {
  it('with debug 0 blocks the context menu and the developer keys', () => {
    const { unmount } = renderHook(() => useDebugGuard(0));
    expect(rightClick()).toBe(true);
    expect(press({ key: 'F12' })).toBe(true);
    expect(press({ key: 'I', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(press({ key: 'F10', shiftKey: true })).toBe(true);
    expect(press({ key: 'a' })).toBe(false);
    unmount();
    expect(rightClick()).toBe(false);
    expect(press({ key: 'F12' })).toBe(false);
  });

  it('with debug 1 or unknown allows everything', () => {
    const one = renderHook(() => useDebugGuard(1));
    expect(rightClick()).toBe(false);
    expect(press({ key: 'F12' })).toBe(false);
    one.unmount();
    const unknown = renderHook(() => useDebugGuard(undefined));
    expect(rightClick()).toBe(false);
    unknown.unmount();
  });

  it('follows a change of the flag', () => {
    const { rerender, unmount } = renderHook(({ debug }: { debug: 0 | 1 }) => useDebugGuard(debug), {
      initialProps: { debug: 0 },
    });
    expect(rightClick()).toBe(true);
    rerender({ debug: 1 });
    expect(rightClick()).toBe(false);
    unmount();
  });
});
