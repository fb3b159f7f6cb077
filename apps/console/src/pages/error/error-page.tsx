import { Button, Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';

/** The frame of the error pages: status, title, detail, and a way back home. */
export function ErrorPage({
  status,
  title,
  subTitle,
  children,
}: {
  status: ResultProps['status'];
  title: string;
  subTitle?: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={[
          <Button key="back" onClick={() => navigate(-1)}>
            {t('error.back')}
          </Button>,
          <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('error.home')}
          </Button>,
        ]}
      >
        {children}
      </Result>
    </div>
  );
}
