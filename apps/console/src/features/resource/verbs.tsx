import { verbCall } from '@igs/contract/calls';
import { defaultsOf, type ResourceDef, type VerbDef, verbApplies } from '@igs/contract/resources';
import { Button, Descriptions, Form, Modal, Table } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useMemo, useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { useEndpoint } from './api.ts';
import { cronCheckFor } from './cron-check.ts';
import { FieldControl } from './field-control.tsx';
import { fromFormValues } from './form-values.ts';
import { loadRecordSchema } from './load-record-schema.ts';
import type { RowAction } from './row-actions.tsx';
import { clearedErrors, zodToFormErrors } from './zod-to-form-errors.ts';
import './texts.ts';

/** The verbs of a description whose button key `<resource>:<verb>` is held, by scope. */
export function heldVerbs(def: ResourceDef, held: ReadonlySet<string>) {
  const verbs = (def.verbs ?? []).filter((v) => held.has(`${def.name}:${v.name}`));
  return {
    // `records` verbs are both: a button on each row and one for the selection.
    row: verbs.filter((v) => v.scope === 'row' || v.scope === 'records'),
    batch: verbs.filter((v) => v.scope === 'batch' || v.scope === 'records'),
    page: verbs.filter((v) => v.scope === 'page'),
  };
}

export function useHeldVerbs(def: ResourceDef) {
  const held = usePermissionStore((s) => s.buttons);
  return useMemo(() => heldVerbs(def, held), [def, held]);
}

/** The verb's description as a record of its own fields, for the generic form and schema. */
const asForm = (def: ResourceDef, verb: VerbDef): ResourceDef => ({ ...def, fields: verb.fields ?? [] });

/** What a verb call sends beside its fields. */
export type VerbTarget = { id: number } | { ids: number[] } | Record<string, never>;

interface Running {
  verb: VerbDef;
  target: VerbTarget;
  key: number;
}

/**
 * Runs a resource's verbs: asks its confirmation or its fields, calls the endpoint with the
 * method and the record(s), then reports and refreshes. One per page; the buttons call `run`.
 */
export function useVerbRunner(def: ResourceDef, modal: HookAPI, onDone: () => void) {
  const t = useT();
  const lang = useLanguage();
  const endpoint = useEndpoint(def);
  const sites = useSiteIds();
  const [running, setRunning] = useState<Running | null>(null);

  const [report, setReport] = useState<{ verb: VerbDef; data: unknown } | null>(null);

  const send = async (verb: VerbDef, target: VerbTarget, values: Record<string, unknown> = {}) => {
    const data = await call(
      verbCall(endpoint, verb),
      { ...values, ...target },
      { successToast: verb.result === 'report' ? undefined : 'msg.operationSuccessful', sites },
    );
    const url = data.url;
    if (verb.result === 'url' && typeof url === 'string') window.open(url, '_blank', 'noopener');
    if (verb.result === 'report') setReport({ verb, data });
    onDone();
  };

  const run = (verb: VerbDef, target: VerbTarget) => {
    if (verb.fields?.length) {
      setRunning({ verb, target, key: Date.now() });
      return;
    }
    if (verb.confirm) {
      modal.confirm({
        title: verb.label[lang],
        content: verb.confirm[lang],
        okButtonProps: { danger: verb.danger },
        okText: t('res.ok'),
        cancelText: t('res.cancel'),
        // A refused call keeps the dialog open; the request layer shows why.
        onOk: () => send(verb, target),
      });
      return;
    }
    void send(verb, target).catch(() => undefined);
  };

  const reportDialog = report ? (
    <Modal
      open
      title={report.verb.label[lang]}
      footer={null}
      onCancel={() => setReport(null)}
      width={720}
      destroyOnHidden
    >
      <VerbReport data={report.data} />
    </Modal>
  ) : null;

  const formDialog = running ? (
    <VerbDialog
      key={running.key}
      def={def}
      verb={running.verb}
      onCancel={() => setRunning(null)}
      onSubmit={async (values) => {
        await send(running.verb, running.target, values);
        setRunning(null);
      }}
    />
  ) : null;

  return {
    run,
    dialog: (
      <>
        {formDialog}
        {reportDialog}
      </>
    ),
  };
}

/** The small form of a verb with fields (renew: days), validated by the contract as the server does. */
function VerbDialog({
  def,
  verb,
  onCancel,
  onSubmit,
}: {
  def: ResourceDef;
  verb: VerbDef;
  onCancel: () => void;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
}) {
  const t = useT();
  const lang = useLanguage();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const formDef = asForm(def, verb);
  const names = new Set(formDef.fields.map((f) => f.name));

  // One submit at a time: the check's code may still be loading when OK or Enter is pressed again.
  const submitting = useRef(false);
  const submit = async () => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      const { body, errors } = fromFormValues(formDef, form.getFieldsValue(true), 'add', lang, (label) =>
        t('res.jsonInvalid', { label }),
      );
      const loaded = await Promise.all([cronCheckFor(formDef.fields), loadRecordSchema()]).catch(
        () => undefined,
      );
      if (!loaded) {
        toast.error(t('res.checkUnavailable'));
        return;
      }
      const [cron, { recordSchemaWith }] = loaded;
      const parsed = recordSchemaWith(formDef, 'add', lang, cron).safeParse(body);
      const mapped = parsed.success ? { fields: [], other: [] } : zodToFormErrors(parsed.error.issues, names);
      form.setFields([...clearedErrors(names), ...errors, ...mapped.fields]);
      if (!parsed.success || errors.length) return;
      setBusy(true);
      await onSubmit(parsed.data as Record<string, unknown>);
    } catch {
      // The request layer has shown the server's reason; the dialog stays for a correction.
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={verb.label[lang]}
      okText={t('res.ok')}
      cancelText={t('res.cancel')}
      okButtonProps={{ danger: verb.danger, loading: busy }}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {verb.confirm && <p>{verb.confirm[lang]}</p>}
      <Form form={form} layout="vertical" initialValues={defaultsOf(formDef)} onFinish={() => void submit()}>
        {formDef.fields.map((field) => (
          <FieldControl key={field.name} def={formDef} field={field} mode="add" />
        ))}
      </Form>
    </Modal>
  );
}

/** The row's verbs that apply to this record, as row actions (row-actions.tsx). */
export function rowVerbActions(
  verbs: readonly VerbDef[],
  record: Record<string, unknown> & { id: number },
  run: (verb: VerbDef, target: VerbTarget) => void,
  lang: 'en' | 'zh_CN',
): RowAction[] {
  return verbs
    .filter((v) => verbApplies(v, record))
    .map((v) => ({
      key: `verb-${v.name}`,
      label: v.label[lang],
      danger: v.danger,
      run: () => run(v, v.scope === 'records' ? { ids: [record.id] } : { id: record.id }),
    }));
}

/**
 * The toolbar's verbs: batch ones act on the selection (disabled without one), page ones on none.
 * An array, so the toolbar's Space spaces them like its other buttons.
 */
export function toolbarVerbButtons(
  batch: readonly VerbDef[],
  page: readonly VerbDef[],
  selectedIds: number[],
  run: (verb: VerbDef, target: VerbTarget) => void,
  lang: 'en' | 'zh_CN',
) {
  return [
    ...batch.map((v) => (
      <Button
        key={`batch-${v.name}`}
        danger={v.danger}
        disabled={!selectedIds.length}
        onClick={() => run(v, { ids: [...selectedIds] })}
      >
        {v.label[lang]}
      </Button>
    )),
    ...page.map((v) => (
      <Button key={`page-${v.name}`} danger={v.danger} onClick={() => run(v, {})}>
        {v.label[lang]}
      </Button>
    )),
  ];
}

const show = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * A verb's reply as the operator reads it: its plain values as a list of terms, each list of
 * records as a table (a dry run's steps, an import's per-line errors).
 */
export function VerbReport({ data }: { data: unknown }) {
  if (!data || typeof data !== 'object') return <p>{show(data)}</p>;
  const entries = Object.entries(data as Record<string, unknown>);
  const plain = entries.filter(([, v]) => !Array.isArray(v));
  const lists = entries.filter(([, v]) => Array.isArray(v)) as [string, unknown[]][];
  return (
    <>
      {plain.length > 0 && (
        <Descriptions
          size="small"
          column={1}
          items={plain.map(([k, v]) => ({ key: k, label: k, children: show(v) }))}
        />
      )}
      {lists.map(([k, rows]) => {
        const objects = rows.map((r, i) =>
          r && typeof r === 'object'
            ? { __key: i, ...(r as Record<string, unknown>) }
            : { __key: i, value: r },
        );
        const keys = [...new Set(objects.flatMap((o) => Object.keys(o)))].filter((c) => c !== '__key');
        return (
          <Table
            key={k}
            title={() => k}
            size="small"
            rowKey="__key"
            pagination={false}
            dataSource={objects}
            columns={keys.map((c) => ({ key: c, dataIndex: c, title: c, render: (v: unknown) => show(v) }))}
          />
        );
      })}
    </>
  );
}
