import { BugOutlined } from '@ant-design/icons';
import { Badge, Button, Modal, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { shouldKeepErrorLog, useErrorLogStore } from '../../stores/error-log.ts';

// The table (antd's Table and its parts) loads when the viewer first opens: the modal renders its
// content only once open.
const ErrorLogTable = lazy(() => import('./error-log-table.tsx').then((m) => ({ default: m.ErrorLogTable })));

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
        <Suspense fallback={<Spin />}>
          <ErrorLogTable logs={logs} />
        </Suspense>
      </Modal>
    </>
  );
}
