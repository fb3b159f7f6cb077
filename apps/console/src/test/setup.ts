// jsdom lacks the layout APIs antd relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}

// Unmount every rendered tree after each test, so no React work is left scheduled when the
// jsdom environment is torn down at the end of a file (it would fail with "window is not defined").
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { replaceStaticToasts } from '../app/feedback.ts';

// Toasts shown outside the signed-in layout appear as plain text (role "status") rather than through
// antd's static message API, whose own React root and close timers would outlive the test.
const TOAST_ATTRIBUTE = 'data-test-toast';
function showToast(text: string) {
  const toast = document.createElement('div');
  toast.setAttribute('role', 'status');
  toast.setAttribute(TOAST_ATTRIBUTE, '');
  toast.textContent = text;
  document.body.append(toast);
}
type StaticToasts = Parameters<typeof replaceStaticToasts>[0];
replaceStaticToasts({
  error: showToast,
  success: showToast,
  warning: showToast,
  info: showToast,
} as unknown as StaticToasts);

afterEach(async () => {
  cleanup();
  for (const toast of document.querySelectorAll(`[${TOAST_ATTRIBUTE}]`)) toast.remove();
  // React's scheduler may still hold a task (it uses setImmediate under Node): let it run now,
  // while the window exists, rather than after the environment is gone.
  // Not under fake timers, whose setTimeout would never fire (those tests' timers end with the test).
  if (!vi.isFakeTimers()) await new Promise((resolve) => setTimeout(resolve, 0));
});
