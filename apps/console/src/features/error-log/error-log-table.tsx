import { Table } from 'antd';
import { useT } from '../../i18n/index.ts';
import type { ErrorLogEntry } from '../../stores/error-log.ts';

/** The logged errors, loaded the first time the viewer opens (error-log-button.tsx). */
export function ErrorLogTable({ logs }: { logs: readonly ErrorLogEntry[] }) {
  const t = useT();
  return (
    <Table<ErrorLogEntry & { key: number }>
      size="small"
      pagination={{ pageSize: 10 }}
      dataSource={logs.map((log, key) => ({ ...log, key }))}
      columns={[
        { title: t('shell.errorLog.error'), dataIndex: 'error', ellipsis: true },
        { title: t('shell.errorLog.view'), dataIndex: 'view', width: 160 },
        { title: t('shell.errorLog.url'), dataIndex: 'url', ellipsis: true },
      ]}
      expandable={{ expandedRowRender: (log) => <pre className="error-log__info">{log.info}</pre> }}
    />
  );
}
