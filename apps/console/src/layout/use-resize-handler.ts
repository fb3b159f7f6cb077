import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app.ts';

/** Spec section 9: below 992 px window width the layout is mobile. */
export const MOBILE_BREAKPOINT = 992;

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

/** Device follows the window width; turning mobile closes the sidebar, as does navigating on mobile. */
export function useResizeHandler(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const apply = () => {
      const mobile = isMobileWidth(window.innerWidth);
      const store = useAppStore.getState();
      const device = mobile ? 'mobile' : 'desktop';
      if (store.device !== device) store.toggleDevice(device);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => {
    const { device, sidebar, closeSideBar } = useAppStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSideBar(false);
  }, [pathname]);
}
