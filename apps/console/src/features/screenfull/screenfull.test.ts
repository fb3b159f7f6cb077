import { describe, expect, it, vi } from 'vitest';
import { FULLSCREEN_UNSUPPORTED, toggleFullscreen } from './screenfull.ts';

describe('fullscreen', () => {
  it('reports the exact message when the Fullscreen API is missing', async () => {
    expect(FULLSCREEN_UNSUPPORTED).toBe('you browser can not work');
    expect(await toggleFullscreen({ documentElement: {} })).toBe('you browser can not work');
    expect(
      await toggleFullscreen({ fullscreenEnabled: false, documentElement: { requestFullscreen: vi.fn() } }),
    ).toBe('you browser can not work');
  });

  it('enters, then leaves full screen when supported', async () => {
    const requestFullscreen = vi.fn(async () => {});
    const exitFullscreen = vi.fn(async () => {});
    expect(
      await toggleFullscreen({
        fullscreenEnabled: true,
        documentElement: { requestFullscreen },
        exitFullscreen,
      }),
    ).toBeUndefined();
    expect(requestFullscreen).toHaveBeenCalledOnce();
    await toggleFullscreen({
      fullscreenEnabled: true,
      fullscreenElement: {} as Element,
      documentElement: { requestFullscreen },
      exitFullscreen,
    });
    expect(exitFullscreen).toHaveBeenCalledOnce();
  });
});
