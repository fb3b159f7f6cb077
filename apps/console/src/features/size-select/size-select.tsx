import { ColumnHeightOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip } from 'antd';
import { useT } from '../../i18n/index.ts';
import { useAppStore } from '../../stores/app.ts';
import { UI_SIZES, type UiSize } from './size-map.ts';

/** The size switch of the top bar: default, medium, small, mini (see size-map.ts). */
export function SizeSelect() {
  const t = useT();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: UI_SIZES.map((key) => ({ key, label: t(`shell.size.${key}`) })),
        onClick: ({ key }) => setSize(key as UiSize),
      }}
    >
      <Tooltip title={t('shell.size')}>
        <ColumnHeightOutlined className="navbar__icon" aria-label={t('shell.size')} />
      </Tooltip>
    </Dropdown>
  );
}
