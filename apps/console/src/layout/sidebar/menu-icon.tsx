import {
  ApiOutlined,
  AppstoreOutlined,
  ControlOutlined,
  DesktopOutlined,
  HomeOutlined,
  LaptopOutlined,
  PhoneOutlined,
  PictureOutlined,
  PlaySquareOutlined,
  SettingOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { SVG_ICONS, type SvgIconName } from './svg-icons.tsx';

export type IconKind = 'element' | 'iconfont' | 'font' | 'svg' | 'none';

/**
 * The four icon notations of the menu tree (spec section 2):
 * - element-style names `el-icon-*` (the original console's icon set), mapped to antd icons;
 * - a custom icon font, `iconfont icon-*`, rendered as its classes;
 * - font-based classes (`fa fa-phone`, or any class list), rendered as `<i className>`;
 * - svg: `svg:<name>` or the bare name of a bundled svg.
 */
export function iconKind(icon: string | undefined): IconKind {
  const value = icon?.trim() ?? '';
  if (!value) return 'none';
  if (value.startsWith('el-icon-')) return 'element';
  if (/(^|\s)iconfont(\s|$)/.test(value) || value.startsWith('icon-')) return 'iconfont';
  if (value.startsWith('svg:')) return 'svg';
  if (Object.hasOwn(SVG_ICONS, value)) return 'svg';
  return 'font';
}

const ELEMENT_ICONS: Record<string, ComponentType> = {
  'el-icon-s-home': HomeOutlined,
  'el-icon-phone': PhoneOutlined,
  'el-icon-video-camera': VideoCameraOutlined,
  'el-icon-connection': ApiOutlined,
  'el-icon-monitor': DesktopOutlined,
  'el-icon-film': PlaySquareOutlined,
  'el-icon-picture': PictureOutlined,
  'el-icon-s-platform': LaptopOutlined,
  'el-icon-setting': SettingOutlined,
  'el-icon-s-operation': ControlOutlined,
};

/** The antd icon for an element-style name; unknown names get a generic one, never a blank. */
export function elementIcon(name: string): ComponentType {
  return ELEMENT_ICONS[name] ?? AppstoreOutlined;
}

export function MenuIcon({ icon }: { icon?: string | undefined }) {
  const value = icon?.trim() ?? '';
  switch (iconKind(value)) {
    case 'none':
      return null;
    case 'element': {
      const Icon = elementIcon(value);
      return <Icon />;
    }
    case 'svg': {
      const name = value.replace(/^svg:/, '');
      const Svg = Object.hasOwn(SVG_ICONS, name) ? SVG_ICONS[name as SvgIconName] : undefined;
      return Svg ? <Svg /> : <AppstoreOutlined />;
    }
    case 'iconfont': {
      const classes = value.startsWith('iconfont') ? value : `iconfont ${value}`;
      return <i className={`anticon menu-font-icon ${classes}`} aria-hidden="true" />;
    }
    default:
      return <i className={`anticon menu-font-icon ${value}`} aria-hidden="true" />;
  }
}
