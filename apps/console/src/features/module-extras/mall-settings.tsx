import { SettingOutlined } from '@ant-design/icons';
import { shopConfig } from '@igs/contract/extras';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { SingletonForm } from '../singleton-form/singleton-form.tsx';
import './module-extras-texts.ts';

/**
 * "Mall settings" for smart/MallManagement and operations/MallManagement: a button opening the
 * ShopConfig singleton (`shop/config`) in a drawer. Readers see the values; saving needs
 * `shop:config:edit`.
 */
export function MallSettingsButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        {t('mx.mallSettings')}
      </Button>
      <Drawer
        title={t('mx.mallSettings')}
        open={open}
        onClose={() => setOpen(false)}
        size={560}
        destroyOnHidden
      >
        <SingletonForm def={shopConfig} onSaved={() => setOpen(false)} />
      </Drawer>
    </>
  );
}
