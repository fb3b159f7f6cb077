import { CaretDownOutlined } from '@ant-design/icons';
import { Paths } from '@igs/contract';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { get } from '../../request/index.ts';
import { useTagsViewStore } from '../../stores/tags-view.ts';
import { useUserStore } from '../../stores/user.ts';
import { useDialogStore } from '../dialogs/dialog-store.ts';

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
    { type: 'divider' },
    { key: 'logout', label: t('shell.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
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
    <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
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
