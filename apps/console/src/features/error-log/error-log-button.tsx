import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { type ErrorLogEntry, shouldKeepErrorLog, useErrorLogStore } from '../../stores/error-log.ts';

/**
 * The error-log viewer of the navbar. The log is kept in production only (the core's store), so
 * the button shows in production builds, and only once something was logged.
 */
export function ErrorLogButton({ production = shouldKeepErrorLog() }: { production?: boolean }) {
  const t = useT();
  const logs = useErrorLogStore((s) => s.logs);
  const clear = useErrorLogStore((s) => s.clearErrorLog);
  const [open, setOpen] = useState(false);
  if (!production || logs.length === 0) return null;
  return (
    <>
      <Badge dot>
        <BugOutlined
          className="navbar__icon navbar__icon--danger"
          onClick={() => setOpen(true)}
          aria-label={t('shell.errorLog')}
        />
      </Badge>
      <Modal
        open={open}
        title={t('shell.errorLog')}
        width={900}
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('shell.errorLog.clear')}
          </Button>
        }
      >
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
      </Modal>
    </>
  );
}
