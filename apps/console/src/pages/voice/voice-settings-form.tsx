import {
  VOICE_ADVANCED_LABELS,
  VOICE_BASIC_LABELS,
  VOICE_DTMF_MODES,
  VOICE_FEATURE_CODES,
  VOICE_LANGUAGES,
  VOICE_RECORD_POLICIES,
} from '@igs/contract';
import { voiceSettingsCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Result, Select, Space, Spin, Switch } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useFirstPageSettled } from '../../app/first-page-settled.ts';
import { serverErrors } from '../../features/singleton-form/server-errors.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { isRequestError } from '../../request/index.ts';
import { useHasButton } from '../../stores/permission.ts';
import { CodecOrder } from './codec-order.tsx';
import type { SettingsKind } from './settings-form-logic.ts';

/*
 * The settings' check (the contract's schemas, zod) is loaded once the page has its data, ready for
 * a save, not with the page: zod is some 25 KB Brotli the page does not need to draw (issue 18).
 */
let checkLoading: Promise<typeof import('./settings-form-logic.ts')> | undefined;
function loadSettingsCheck() {
  checkLoading ??= import('./settings-form-logic.ts').catch((error: unknown) => {
    checkLoading = undefined;
    throw error;
  });
  return checkLoading;
}

import './settings-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

type Control =
  | { kind: 'int'; min: number; max: number }
  | { kind: 'switch' }
  | { kind: 'text'; placeholder?: string }
  | { kind: 'select'; options: readonly string[]; labelled?: boolean }
  | { kind: 'tags'; placeholder?: string }
  | { kind: 'codecs' };

interface Field {
  name: string;
  control: Control;
  help?: string;
}

interface Group {
  title: string;
  fields: Field[];
  hint?: string;
}

const BASIC: Group[] = [
  {
    title: 'vset.sip',
    fields: [
      { name: 'sip_udp_port', control: { kind: 'int', min: 1, max: 65535 } },
      { name: 'sip_tcp', control: { kind: 'switch' } },
      { name: 'sip_tls_port', control: { kind: 'int', min: 0, max: 65535 }, help: 'vset.tlsHint' },
    ],
  },
  {
    title: 'vset.media',
    fields: [
      { name: 'rtp_start', control: { kind: 'int', min: 1024, max: 65535 } },
      { name: 'rtp_end', control: { kind: 'int', min: 1024, max: 65535 } },
      { name: 'codecs', control: { kind: 'codecs' } },
      { name: 'dtmf_mode', control: { kind: 'select', options: VOICE_DTMF_MODES } },
    ],
  },
  {
    title: 'vset.nat',
    fields: [
      { name: 'external_ip', control: { kind: 'text', placeholder: '203.0.113.10' } },
      {
        name: 'local_nets',
        control: { kind: 'tags', placeholder: '192.168.1.0/24' },
        help: 'vset.localNetsHint',
      },
    ],
  },
  {
    title: 'vset.numbering',
    fields: [
      { name: 'language', control: { kind: 'select', options: VOICE_LANGUAGES, labelled: true } },
      { name: 'ext_length', control: { kind: 'int', min: 3, max: 6 } },
    ],
  },
];

const ADVANCED: Group[] = [
  {
    title: 'vset.calls',
    fields: [
      { name: 'ring_timeout', control: { kind: 'int', min: 10, max: 120 } },
      { name: 'max_call_s', control: { kind: 'int', min: 0, max: 86400 } },
      { name: 'record_policy', control: { kind: 'select', options: VOICE_RECORD_POLICIES, labelled: true } },
      { name: 'qualify_frequency', control: { kind: 'int', min: 0, max: 3600 } },
      { name: 'moh_class', control: { kind: 'text', placeholder: 'default' } },
    ],
  },
  {
    title: 'vset.features',
    hint: 'vset.featuresHint',
    fields: VOICE_FEATURE_CODES.map((name) => ({
      name,
      control: { kind: 'text', placeholder: '*8' } as Control,
    })),
  },
];

/** The control of one field; Form.Item's value, onChange and id are passed through to it. */
function FieldInput({
  control,
  disabled,
  ...item
}: {
  control: Control;
  disabled: boolean;
  [prop: string]: unknown;
}) {
  const t = useT();
  switch (control.kind) {
    case 'int':
      return (
        <InputNumber {...item} min={control.min} max={control.max} precision={0} style={{ width: 200 }} />
      );
    case 'switch':
      return <Switch {...item} />;
    case 'text':
      return <Input {...item} style={{ maxWidth: 360 }} placeholder={control.placeholder} />;
    case 'select':
      return (
        <Select
          {...item}
          style={{ width: 240 }}
          options={control.options.map((o) => ({
            value: o,
            label: control.labelled ? t(`vset.opt.${o}`) : o,
          }))}
        />
      );
    case 'tags':
      return (
        <Select
          {...item}
          mode="tags"
          open={false}
          tokenSeparators={[',', ' ']}
          style={{ maxWidth: 480 }}
          placeholder={control.placeholder}
        />
      );
    case 'codecs':
      return <CodecOrder {...item} disabled={disabled} />;
  }
}

/**
 * voice/BasicSettings and voice/AdvancedSettings: the singleton's form, checked by the contract's
 * schema before sending, saved with `form`; Save is shown only with `voice:<kind>:edit`.
 */
export function VoiceSettingsForm({ kind }: { kind: SettingsKind }) {
  const t = useT();
  const lang = useLanguage();
  const [form] = Form.useForm();
  const client = useQueryClient();
  const labels = kind === 'basic' ? VOICE_BASIC_LABELS : VOICE_ADVANCED_LABELS;
  const groups = kind === 'basic' ? BASIC : ADVANCED;
  const canEdit = useHasButton(`voice:${kind}:edit`);
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const query = useScopedQuery({
    queryKey: ['voice', kind],
    queryFn: ({ sites }) => call(voiceSettingsCalls[kind], {}, { loading: false, sites }),
  });
  const firstPageSettled = useFirstPageSettled();
  useEffect(() => {
    if (firstPageSettled && canEdit) loadSettingsCheck().catch(() => undefined);
  }, [firstPageSettled, canEdit]);

  if (query.isError)
    return <Result status="warning" title={t('vset.loadFailed')} subTitle={query.error.message} />;
  if (!query.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const current = query.data;
  const names = new Set(groups.flatMap((g) => g.fields.map((f) => f.name)));

  const save = async () => {
    // One save at a time: the check's code may still be loading when Save is pressed again.
    if (savingNow.current) return;
    savingNow.current = true;
    setSaving(true);
    try {
      const check = await loadSettingsCheck().catch(() => undefined);
      if (!check) {
        toast.error(t('vset.checkUnavailable'));
        return;
      }
      // Read once the check is in: what was typed while it loaded is sent too.
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const { body, errors } = check.checkSettings(kind, current, values, lang);
      form.setFields([...[...names].map((name) => ({ name, errors: [] as string[] })), ...errors]);
      if (errors.length) {
        form.scrollToField(errors[0]!.name);
        toast.error(t('vset.invalid'));
        return;
      }
      await call(kind === 'basic' ? voiceSettingsCalls.basicForm : voiceSettingsCalls.advancedForm, body);
      toast.success(t('vset.saved'));
      await client.invalidateQueries({ queryKey: ['voice', kind] });
      // The files' check results on the management page are stale now.
      void client.invalidateQueries({ queryKey: ['voice', 'management'] });
    } catch (error) {
      // The request layer showed the message; fields named by the server get it beside them too.
      if (isRequestError(error)) form.setFields(serverErrors(error.data, names));
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  };

  return (
    <div className={`voice-${kind}-settings`}>
      {!canEdit && (
        <Alert type="info" showIcon title={t('vset.readOnly')} style={{ marginBottom: 16, maxWidth: 720 }} />
      )}
      <Form
        key={JSON.stringify(current)}
        form={form}
        layout="vertical"
        initialValues={current}
        disabled={!canEdit}
        onFinish={() => void save()}
        onValuesChange={(changed) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] as string[] })))
        }
      >
        {groups.map((g) => (
          <Card key={g.title} size="small" title={t(g.title)} style={{ maxWidth: 720, marginBottom: 16 }}>
            {g.hint && <Alert type="info" title={t(g.hint)} style={{ marginBottom: 12 }} />}
            {g.fields.map((f) => (
              <Form.Item
                key={f.name}
                name={f.name}
                label={labels[f.name]![lang]}
                extra={f.help ? t(f.help) : undefined}
                valuePropName={f.control.kind === 'switch' ? 'checked' : 'value'}
                getValueProps={
                  f.control.kind === 'switch'
                    ? (v: unknown) => ({ checked: v === 1 || v === true })
                    : undefined
                }
                normalize={f.control.kind === 'switch' ? (v: boolean) => (v ? 1 : 0) : undefined}
              >
                <FieldInput control={f.control} disabled={!canEdit} />
              </Form.Item>
            ))}
          </Card>
        ))}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {canEdit && (
        <Space>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('vset.save')}
          </Button>
          <Button onClick={() => form.resetFields()}>{t('vset.reset')}</Button>
        </Space>
      )}
    </div>
  );
}
