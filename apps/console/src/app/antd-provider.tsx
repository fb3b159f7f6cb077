import { ConfigProvider, type ThemeConfig, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import './antd.css';
import { antdSizeOf } from '../features/size-select/size-map.ts';
import { useLanguage } from '../i18n/index.ts';
import { useAppStore } from '../stores/app.ts';
import { useSettingsStore } from '../stores/settings.ts';

/**
 * antd's locale, theme colour, dark or light theme and size. It wraps the signed-in layout and the pages routed outside
 * it, not the whole app: the sign-in page is drawn without antd, and a provider at the root would
 * put antd's core and its style engine on that page's start (docs/performance.md). antd's style
 * sheet (./antd.css, imported here) is the shell chunk's, so it loads with the signed-in layout too.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const colorPrimary = useSettingsStore((s) => s.theme);
  const dark = useSettingsStore((s) => s.darkTheme);
  const { componentSize, compact } = antdSizeOf(useAppStore((s) => s.size));
  const themeConfig = useMemo(() => antdTheme(colorPrimary, dark, compact), [colorPrimary, dark, compact]);
  return (
    <ConfigProvider locale={lang === 'zh_CN' ? zhCN : enUS} componentSize={componentSize} theme={themeConfig}>
      {children}
    </ConfigProvider>
  );
}

/*
 * antd's static methods (`Modal.confirm`, used by pages that confirm a verb) draw in a root of their
 * own, outside the provider: without this they took antd's default theme (light, its own colour,
 * rules written at run time) whatever the settings. Through the provider they take the console's
 * theme and zero-runtime mode like every other antd element, which the build relies on
 * (build/antd-style-functions.ts: antd's style functions are left out).
 */
ConfigProvider.config({ holderRender: (children) => <AntdProvider>{children}</AntdProvider> });

/** The sidebar's colour in the dark theme: the dark layout's own surface, not antd's navy. */
export const DARK_SIDER_BG = '#141414';

/**
 * antd's theme from the display settings: the theme colour, the dark algorithm when the dark
 * theme is on, the compact one for the small sizes (antd applies the list in order).
 */
export function antdTheme(colorPrimary: string, dark: boolean, compact: boolean): ThemeConfig {
  const base = dark ? theme.darkAlgorithm : theme.defaultAlgorithm;
  return {
    // antd's rules come from its built style sheet (./antd.css), not from its CSS-in-JS at run
    // time; the tokens still reach them as CSS variables, written at run time (docs/performance.md).
    zeroRuntime: true,
    token: { colorPrimary },
    algorithm: compact ? [base, theme.compactAlgorithm] : base,
    // The sidebar is dark in both themes; in the dark one it takes the page's near-black instead of navy.
    components: dark
      ? {
          Layout: { siderBg: DARK_SIDER_BG },
          Menu: { darkItemBg: DARK_SIDER_BG, darkSubMenuItemBg: '#0a0a0a', darkPopupBg: '#1f1f1f' },
        }
      : undefined,
  };
}

/** A page component inside antd's provider (pages routed outside the shell). */
export function withAntdProvider<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithAntdProvider(props: P) {
    return (
      <AntdProvider>
        <Page {...props} />
      </AntdProvider>
    );
  };
}
