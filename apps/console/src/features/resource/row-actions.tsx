import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useLocation, useNavigate } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { routeWithSite } from './editor-links.tsx';
import './texts.ts';

/** One thing a row offers: edit, a verb, a page of its own, delete. */
export interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  /** What the action does; or `route`, a console page it opens (keeping the operations site). */
  run?: () => void;
  route?: { path: string; query: Readonly<Record<string, string | number | undefined>> };
  /** Asked before running (delete): inline as a popconfirm, from "More" as a modal. */
  confirm?: { title: string; description?: string; okText: string; cancelText: string };
}

/** How many actions a row shows as links; the rest wait in "More". */
export const INLINE_ACTIONS = 2;

/** Room the actions column needs: the inline links' labels and the "More" link. */
export function rowActionsWidth(labels: readonly string[], more: string, zh: boolean): number {
  const perChar = zh ? 14 : 7.5;
  const width = (s: string) => Math.ceil(s.length * perChar) + 24;
  const inline = labels.slice(0, labels.length > INLINE_ACTIONS ? INLINE_ACTIONS : labels.length);
  return Math.max(
    90,
    inline.reduce((sum, s) => sum + width(s), 0) +
      (labels.length > INLINE_ACTIONS ? width(more) + 16 : 0) +
      16,
  );
}

interface RowActionsProps {
  actions: readonly RowAction[];
  modal: HookAPI;
}

/** Actions that open pages get their navigation here, so a list without any needs no router. */
function RoutedRowActions({ actions, modal }: RowActionsProps) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const isOperations = useUserStore((s) => s.isOperations);
  const runnable = actions.map((a) =>
    a.route
      ? { ...a, run: () => navigate(routeWithSite(a.route!.path, a.route!.query, search, isOperations)) }
      : a,
  );
  return <PlainRowActions actions={runnable} modal={modal} />;
}

/**
 * A row's actions: at most two as links and the rest in a "More" dropdown, so the actions column
 * stays narrow and never covers the data, however many verbs a module has.
 */
export function RowActions(props: RowActionsProps) {
  return props.actions.some((a) => a.route) ? (
    <RoutedRowActions {...props} />
  ) : (
    <PlainRowActions {...props} />
  );
}

function PlainRowActions({ actions, modal }: RowActionsProps) {
  const t = useT();
  const folded = actions.length > INLINE_ACTIONS;
  const inline = folded ? actions.slice(0, INLINE_ACTIONS) : actions;
  const rest = folded ? actions.slice(INLINE_ACTIONS) : [];
  return (
    <Space size="small">
      {inline.map((a) =>
        a.confirm ? (
          <Popconfirm
            key={a.key}
            title={a.confirm.title}
            description={a.confirm.description}
            okButtonProps={{ danger: a.danger }}
            okText={a.confirm.okText}
            cancelText={a.confirm.cancelText}
            onConfirm={a.run}
          >
            <Button type="link" size="small" danger={a.danger}>
              {a.label}
            </Button>
          </Popconfirm>
        ) : (
          <Button key={a.key} type="link" size="small" danger={a.danger} onClick={a.run}>
            {a.label}
          </Button>
        ),
      )}
      {rest.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: rest.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
            onClick: ({ key }) => {
              const a = rest.find((x) => x.key === key);
              if (!a) return;
              if (!a.confirm) return a.run?.();
              modal.confirm({
                title: a.confirm.title,
                content: a.confirm.description,
                okButtonProps: { danger: a.danger },
                okText: a.confirm.okText,
                cancelText: a.confirm.cancelText,
                onOk: a.run,
              });
            },
          }}
        >
          <Button type="link" size="small">
            {t('res.more')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </Space>
  );
}
