import { create } from 'zustand';
import { DEFAULT_UI_SIZE, isUiSize, type UiSize } from '../features/size-select/size-map.ts';
import { getCookie, setCookie } from '../utils/cookies.ts';

/** Cookie names of the shell preferences (spec section 3, "Stored preferences"). */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';

export type Device = 'desktop' | 'mobile';

interface SidebarState {
  opened: boolean;
  /** Skip the collapse animation (switching to mobile must not animate the sidebar away). */
  withoutAnimation: boolean;
}

interface AppState {
  sidebar: SidebarState;
  device: Device;
  size: UiSize;
  toggleSideBar: () => void;
  closeSideBar: (withoutAnimation?: boolean) => void;
  toggleDevice: (device: Device) => void;
  setSize: (size: UiSize) => void;
}

/** The sidebar is open unless the user closed it ('0'); unknown values keep it open. */
export function sidebarOpenedFromCookie(value: string | undefined): boolean {
  return value !== '0';
}

/** Spec section 9: medium unless the `size` cookie names another valid size. */
export function sizeFromCookie(value: string | undefined): UiSize {
  return isUiSize(value) ? value : DEFAULT_UI_SIZE;
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: { opened: sidebarOpenedFromCookie(getCookie(SIDEBAR_COOKIE)), withoutAnimation: false },
  device: 'desktop',
  size: sizeFromCookie(getCookie(SIZE_COOKIE)),

  // The cookie remembers the desktop choice only: the mobile drawer always starts closed.
  toggleSideBar() {
    const opened = !get().sidebar.opened;
    if (get().device === 'desktop') setCookie(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },

  closeSideBar(withoutAnimation = false) {
    if (get().device === 'desktop') setCookie(SIDEBAR_COOKIE, '0');
    set({ sidebar: { opened: false, withoutAnimation } });
  },

  /** Mobile closes the sidebar (as a drawer); back on desktop it opens as the user left it. */
  toggleDevice(device) {
    const opened = device === 'mobile' ? false : sidebarOpenedFromCookie(getCookie(SIDEBAR_COOKIE));
    set({ device, sidebar: { opened, withoutAnimation: true } });
  },

  setSize(size) {
    setCookie(SIZE_COOKIE, size);
    set({ size });
  },
}));
