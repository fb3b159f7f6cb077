import Icon from '@ant-design/icons';
import type { ComponentType } from 'react';

// A small bundled svg set for menu items written as `svg:<name>` or a bare `<name>`. Drawn on a
// 24 px grid with currentColor so they follow the menu's text colour like the antd icons.
function svg(paths: string) {
  const Svg = () => (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="2">
      <title>icon</title>
      <path d={paths} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
  return function SvgIcon() {
    return <Icon component={Svg} />;
  };
}

export const SVG_ICONS = {
  dashboard: svg('M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z'),
  tv: svg('M3 7h18v11H3zM8 21h8M12 18v3M8 3l4 4 4-4'),
  wifi: svg('M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01'),
  mall: svg('M6 6h15l-1.5 9h-12zM6 6 5 3H2M9 20h.01M18 20h.01'),
  network: svg('M12 3v6M5 21v-4h14v4M12 9v8M9 3h6v6H9z'),
  terminal: svg('M4 5h16v14H4zM7 9l3 3-3 3M13 15h4'),
  message: svg('M4 4h16v12H7l-3 3z'),
} as const satisfies Record<string, ComponentType>;

export type SvgIconName = keyof typeof SVG_ICONS;
