import { Descriptions } from 'antd';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { ErrorPage } from './error-page.tsx';
import { readRefusedReply } from './refused-reply.ts';

/** Authorisation refused (code 1006): shows the server's reply carried in the query. */
export default function Page406() {
  const t = useT();
  const [params] = useSearchParams();
  const reply = readRefusedReply(params);
  const hasData = reply.data !== null && reply.data !== undefined && reply.data !== '';
  return (
    <ErrorPage status="warning" title={t('route.406')} subTitle={reply.msg || t('error.406Detail')}>
      {(reply.code || hasData) && (
        <Descriptions column={1} size="small" bordered>
          {reply.code && <Descriptions.Item label={t('error.code')}>{reply.code}</Descriptions.Item>}
          {hasData && (
            <Descriptions.Item label={t('error.data')}>
              <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {typeof reply.data === 'string' ? reply.data : JSON.stringify(reply.data, null, 2)}
              </pre>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </ErrorPage>
  );
}
