import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Spec section 9: the default theme colour. */
export const DEFAULT_THEME = '#1890ff';

/** Display settings of spec section 3, shown in the settings drawer and on the theme page. */
export interface DisplaySettings {
  theme: string;
  /** antd's dark algorithm for the whole console (shell, pages, sign-in card). */
  darkTheme: boolean;
  /** Whether the navbar offers the settings drawer. */
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
}

export const DEFAULT_SETTINGS: DisplaySettings = {
  theme: DEFAULT_THEME,
  darkTheme: false,
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
};

interface SettingsState extends DisplaySettings {
  changeSetting: <K extends keyof DisplaySettings>(key: K, value: DisplaySettings[K]) => void;
  resetSettings: () => void;
}

/** localStorage key of the display settings. */
export const SETTINGS_STORAGE_KEY = 'settings';

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      changeSetting: (key, value) => set({ [key]: value } as Partial<DisplaySettings>),
      resetSettings: () => set({ ...DEFAULT_SETTINGS }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      version: 1,
      // Only the values are stored; actions come from the code. A setting added later (darkTheme)
      // is missing from older stored values and takes its default in the merge.
      partialize: ({
        theme,
        darkTheme,
        showSettings,
        tagsView,
        fixedHeader,
        sidebarLogo,
        supportPinyinSearch,
      }) => ({
        theme,
        darkTheme,
        showSettings,
        tagsView,
        fixedHeader,
        sidebarLogo,
        supportPinyinSearch,
      }),
    },
  ),
);
