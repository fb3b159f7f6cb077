import { Button, Card, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { InterfacesTab } from './network/network-interfaces.tsx';
import './network/network-texts.ts';

/**
 * `/nicset` (DOMAIN 1.3, system/NicSetup): the first-boot network setup, outside the shell. It is
 * the Interfaces tab of Network card settings on its own (`Network/net`), with the same rules.
 */
export default function NicSetup() {
  const t = useT();
  return (
    <div style={{ maxWidth: 1100, margin: '32px auto', padding: '0 16px' }}>
      <Card
        title={t('net.nicset.title')}
        extra={
          <Link to="/dashboard">
            <Button type="primary">{t('net.nicset.done')}</Button>
          </Link>
        }
      >
        <Typography.Paragraph type="secondary">{t('net.nicset.hint')}</Typography.Paragraph>
        <InterfacesTab />
      </Card>
    </div>
  );
}
