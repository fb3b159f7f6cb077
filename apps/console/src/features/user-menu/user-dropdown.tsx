import { CaretDownOutlined } from '@ant-design/icons';
import { Paths } from '@igs/contract';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { get } from '../../request/index.ts';
import { useAppStore } from '../../stores/app.ts';
import { useTagsViewStore } from '../../stores/tags-view.ts';
import { useUserStore } from '../../stores/user.ts';
import { useDialogStore } from '../dialogs/dialog-store.ts';
import { isUiSize, UI_SIZES } from '../size-select/size-map.ts';

/** Key prefix of the size entries (below 992 px). */
const SIZE_KEY = 'size:';

/** Home of the current mode. */
export function homePath(isOperations: 0 | 1): string {
  return isOperations === 1 ? '/operations' : '/dashboard';
}

/** The user menu with every entry of spec section 2. */
export function UserDropdown() {
  const t = useT();
  const navigate = useNavigate();
  const name = useUserStore((s) => s.name);
  const avatar = useUserStore((s) => s.avatar);
  const isOperations = useUserStore((s) => s.isOperations);
  const show = useDialogStore((s) => s.show);
  // Below 992 px the top bar has no size switch: it is here instead.
  const mobile = useAppStore((s) => s.device === 'mobile');
  const size = useAppStore((s) => s.size);

  const items: MenuProps['items'] = [
    { key: 'dashboard', label: t('shell.dashboard') },
    { key: 'personalData', label: t('shell.personalData') },
    { key: 'changePassword', label: t('shell.changePassword') },
    { key: 'developerMode', label: t('shell.developerMode') },
    {
      key: 'changeMode',
      label: isOperations === 1 ? t('shell.switchToFull') : t('shell.switchToOperations'),
    },
    { key: 'clearCache', label: t('shell.clearCache') },
    ...(mobile
      ? [
          {
            key: 'size',
            label: t('shell.size'),
            children: UI_SIZES.map((key) => ({ key: `${SIZE_KEY}${key}`, label: t(`shell.size.${key}`) })),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'logout', label: t('shell.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(SIZE_KEY)) {
      const next = key.slice(SIZE_KEY.length);
      if (isUiSize(next)) useAppStore.getState().setSize(next);
      return;
    }
    switch (key) {
      case 'dashboard':
        navigate(homePath(isOperations));
        break;
      case 'personalData':
      case 'changePassword':
      case 'developerMode':
        show(key);
        break;
      case 'changeMode':
        // The store calls the server, keeps the returned mode, drops the saved tabs and reloads
        // at home, where the guard loads the other mode's menus.
        void useUserStore
          .getState()
          .changeMode()
          .catch(() => {});
        break;
      case 'clearCache':
        void get(Paths.clearCache, undefined, { successToast: 'msg.cacheCleared' }).catch(() => {});
        break;
      case 'logout':
        useTagsViewStore.getState().delAllViews();
        void useUserStore.getState().logout();
        break;
    }
  };

  return (
    // Destroyed when hidden: otherwise the size submenu, opened by hover, outlived the closed menu
    // as a floating popup that still showed the size chosen before (seen in Chromium at 800 px).
    <Dropdown
      trigger={['click']}
      destroyOnHidden
      menu={{ items, onClick, selectedKeys: mobile ? [`${SIZE_KEY}${size}`] : [] }}
      placement="bottomRight"
    >
      <span className="navbar__user" data-testid="user-dropdown">
        <Avatar size="small" src={avatar || undefined}>
          {name.slice(0, 1)}
        </Avatar>
        <span className="navbar__user-name">{name}</span>
        <CaretDownOutlined />
      </span>
    </Dropdown>
  );
}
