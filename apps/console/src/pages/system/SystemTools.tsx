import { CaretRightOutlined, ClearOutlined, StopOutlined } from '@ant-design/icons';
import { Code } from '@igs/contract';
import { systemToolCalls } from '@igs/contract/calls';
import { Button, Card, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { currentSession, resetCurrentSession } from '../../request/session.ts';
import './tools/system-tools-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';
import { looksLikeHost, streamTool, ToolRefused, type ToolRun } from './tools/tool-stream.ts';

interface FormValues {
  tool: string;
  host?: string;
  count?: number;
  port?: number;
  iface?: string;
}

/** Output kept on screen; older text is dropped so a long traceroute cannot grow the page forever. */
const MAX_OUTPUT = 200_000;

/** System tools (system/ping): ping, traceroute, DNS lookup, TCP port check and ARP, output live. */
export default function SystemTools() {
  const t = useT();
  const [form] = Form.useForm<FormValues>();
  const tool = Form.useWatch('tool', form) ?? 'ping';
  const [output, setOutput] = useState('');
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const pre = useRef<HTMLPreElement>(null);
  const { data: status } = useScopedQuery({
    queryKey: ['system', 'ping', 'status'],
    queryFn: ({ sites }) => call(systemToolCalls.status, {}, { loading: false, sites }),
  });

  // Follow the output as it grows, like a terminal.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new piece of output
  useEffect(() => {
    if (pre.current) pre.current.scrollTop = pre.current.scrollHeight;
  }, [output]);
  // Leaving the page stops the run (the server kills the program when the connection closes).
  useEffect(() => () => abort.current?.abort(), []);

  const run = async (values: FormValues) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setOutput((o) => (o ? `${o}\n` : ''));
    const body: ToolRun = {
      tool: values.tool,
      host: values.host?.trim() || undefined,
      iface: values.iface || undefined,
    };
    if (values.tool === 'ping' && values.count) body.count = values.count;
    if (values.tool === 'tcp_port') body.port = values.port;
    try {
      await streamTool(body, {
        token: currentSession().token,
        signal: controller.signal,
        onText: (text) => setOutput((o) => (o + text).slice(-MAX_OUTPUT)),
      });
    } catch (e) {
      if (controller.signal.aborted) setOutput((o) => `${o}\n${t('tools.stopped')}\n`);
      else if (e instanceof ToolRefused) {
        toast.error(e.message);
        setOutput((o) => `${o}${e.message}\n`);
        if (e.code === Code.tokenInvalid || e.code === Code.sessionExpired) {
          void Promise.resolve(resetCurrentSession()).then(() =>
            setTimeout(() => window.location.reload(), 200),
          );
        }
      } else {
        toast.error(t('msg.networkError'));
      }
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  const available = (name: string) => status?.tools.find((x) => x.tool === name);
  const toolOptions = ['ping', 'traceroute', 'dns_lookup', 'tcp_port', 'arp'].map((name) => {
    const a = available(name);
    const missing = a && !a.available;
    return {
      value: name,
      disabled: missing,
      label: missing
        ? `${t(`tools.tool.${name}`)} (${t('tools.notInstalled', { program: a.program })})`
        : t(`tools.tool.${name}`),
    };
  });
  const needsHost = tool !== 'arp';

  return (
    <div className="system-tools">
      <Card size="small">
        <Form<FormValues>
          form={form}
          layout="inline"
          initialValues={{ tool: 'ping', count: 4 }}
          onFinish={(v) => void run(v)}
          style={{ rowGap: 8 }}
        >
          <Form.Item name="tool" label={t('tools.tool')}>
            <Select style={{ width: 200 }} options={toolOptions} disabled={running} />
          </Form.Item>
          <Form.Item
            name="host"
            label={t('tools.host')}
            rules={[
              { required: needsHost, message: t('tools.hostRequired') },
              {
                validator: (_, v: string | undefined) =>
                  !v?.trim() || looksLikeHost(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('tools.hostRule'))),
              },
            ]}
          >
            <Input
              style={{ width: 220 }}
              placeholder={needsHost ? t('tools.hostPlaceholder') : t('tools.hostOptional')}
              disabled={running}
              allowClear
            />
          </Form.Item>
          {tool === 'ping' && (
            <Form.Item name="count" label={t('tools.count')}>
              <InputNumber
                min={status?.limits.count_min ?? 1}
                max={status?.limits.count_max ?? 10}
                precision={0}
                disabled={running}
              />
            </Form.Item>
          )}
          {tool === 'tcp_port' && (
            <Form.Item
              name="port"
              label={t('tools.port')}
              rules={[{ required: true, message: t('tools.portRequired') }]}
            >
              <InputNumber min={1} max={65535} precision={0} disabled={running} />
            </Form.Item>
          )}
          {(tool === 'ping' || tool === 'traceroute' || tool === 'arp') && (
            <Form.Item name="iface" label={t('tools.iface')}>
              <Select
                style={{ width: 140 }}
                allowClear
                placeholder={t('tools.ifaceAny')}
                disabled={running}
                options={(status?.interfaces ?? []).map((i) => ({ value: i, label: i }))}
              />
            </Form.Item>
          )}
          <Form.Item>
            <Space>
              {running ? (
                <Button danger icon={<StopOutlined />} onClick={() => abort.current?.abort()}>
                  {t('tools.stop')}
                </Button>
              ) : (
                <Button type="primary" htmlType="submit" icon={<CaretRightOutlined />}>
                  {t('tools.run')}
                </Button>
              )}
              <Button icon={<ClearOutlined />} onClick={() => setOutput('')} disabled={running}>
                {t('tools.clear')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
        {status && (
          <Typography.Text type="secondary">
            {t('tools.limits', { s: status.limits.max_run_s })}
          </Typography.Text>
        )}
      </Card>
      <Card size="small" title={t('tools.output')} style={{ marginTop: 16 }}>
        <pre
          ref={pre}
          data-testid="tool-output"
          style={{
            margin: 0,
            minHeight: 240,
            maxHeight: 480,
            overflow: 'auto',
            background: '#1e1e1e',
            color: '#d4d4d4',
            padding: 12,
            borderRadius: 4,
            fontSize: 13,
            whiteSpace: 'pre-wrap',
          }}
        >
          {output || <span style={{ color: '#888' }}>{t('tools.idle')}</span>}
        </pre>
      </Card>
    </div>
  );
}
