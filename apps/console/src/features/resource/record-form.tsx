import { defaultsOf, type ResourceDef, writableFields } from '@igs/contract/resources';
import { recordSchemaWith } from '@igs/contract/resources/validation';
import { Button, Col, Drawer, Form, Result, Row, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { isRequestError } from '../../request/index.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { api, resourceKeys, useEndpoint } from './api.ts';
import { cronCheckFor } from './cron-check.ts';
import { FieldControl } from './field-control.tsx';
import { fromFormValues, toFormValues } from './form-values.ts';
import { clearedErrors, type FieldErrors, zodToFormErrors } from './zod-to-form-errors.ts';
import './texts.ts';

export interface RecordFormProps {
  def: ResourceDef;
  mode: 'add' | 'edit';
  /** The record to edit (mode edit). */
  id?: number;
  open: boolean;
  onClose: () => void;
  /** Called after a successful add or edit, with the record's id; the page refreshes its list. */
  onSaved: (id: number) => void;
  /** After the drawer has closed; the page then drops this form so the next one starts clean. */
  afterClose?: () => void;
  /**
   * Values the form sends but does not show, e.g. the owner's id of a child record (a carousel
   * item's `scene_id`). They are validated with the rest.
   */
  fixed?: Readonly<Record<string, unknown>>;
}

/** Server replies 409/422 may name fields (`data.errors: [{field, msg}]`): show them in place too. */
function serverFieldErrors(error: unknown, shown: ReadonlySet<string>): FieldErrors[] {
  if (!isRequestError(error)) return [];
  const list = (error.data as { errors?: { field?: unknown; msg?: unknown }[] } | null)?.errors;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e) => typeof e.field === 'string' && shown.has(e.field))
    .map((e) => ({ name: String(e.field), errors: [String(e.msg ?? '')] }));
}

export interface RecordFormOptions {
  def: ResourceDef;
  mode: 'add' | 'edit';
  id?: number;
  fixed?: Readonly<Record<string, unknown>>;
  onSaved: (id: number) => void;
}

/**
 * A record's form state and its submit: fields generated from the description, validated on
 * submit by the contract's zod schema in the user's language, i.e. the same rules and words as the
 * server's. The drawer below and editor pages (smart/SceneEdit) both use it. Mount one per
 * record so the form instance never carries old values.
 */
export function useRecordForm({ def, mode, id, fixed, onSaved }: RecordFormOptions) {
  const t = useT();
  const lang = useLanguage();
  const endpoint = useEndpoint(def);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => writableFields(def).filter((f) => !(fixed && f.name in fixed)), [def, fixed]);
  const shown = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);

  const sites = useSiteIds();
  const detail = useScopedQuery({
    queryKey: resourceKeys.detail(def.name, endpoint, id ?? 0),
    queryFn: ({ sites }) => api.detail(endpoint, id!, { sites }),
    enabled: mode === 'edit' && id !== undefined,
    // Always the current record: someone may have changed it since the list was loaded.
    staleTime: 0,
    gcTime: 0,
  });
  const initial = mode === 'add' ? defaultsOf(def) : detail.data ? toFormValues(def, detail.data) : undefined;

  const showErrors = (errors: FieldErrors[]) => {
    form.setFields([...clearedErrors(shown), ...errors]);
    if (errors[0]) form.scrollToField(errors[0].name);
  };

  /** True when saved. */
  const submit = async (): Promise<boolean> => {
    const values = { ...(form.getFieldsValue(true) as Record<string, unknown>), ...fixed };
    const { body, errors: jsonErrors } = fromFormValues(def, values, mode, lang, (label) =>
      t('res.jsonInvalid', { label }),
    );
    const cron = await cronCheckFor(def.fields);
    const parsed = recordSchemaWith(def, mode, lang, cron).safeParse(
      mode === 'edit' ? { ...body, id } : body,
    );
    const mapped = parsed.success ? { fields: [], other: [] } : zodToFormErrors(parsed.error.issues, shown);
    const errors = [
      ...jsonErrors,
      ...mapped.fields.filter((f) => !jsonErrors.some((j) => j.name === f.name)),
    ];
    if (!parsed.success || errors.length) {
      showErrors(errors);
      toast.error([t('msg.formInvalid'), ...mapped.other].join(' '));
      return false;
    }
    showErrors([]);
    setSaving(true);
    try {
      const data = parsed.data as Record<string, unknown>;
      const saved = await (mode === 'add'
        ? api.add(endpoint, data, { sites })
        : api.edit(endpoint, data, { sites }));
      onSaved(Number(saved?.id ?? id));
      return true;
    } catch (error) {
      // The request layer has toasted the message; put field-level reasons next to the fields.
      const fieldErrors = serverFieldErrors(error, shown);
      if (fieldErrors.length) showErrors(fieldErrors);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { form, fields, initial, detail, saving, submit };
}

export type RecordFormState = ReturnType<typeof useRecordForm>;

/** The form of `useRecordForm`: its fields, or a spinner / the load error while there is no record. */
export function RecordFields({
  def,
  mode,
  state,
  disabled,
  columns = 1,
}: {
  def: ResourceDef;
  mode: 'add' | 'edit';
  state: RecordFormState;
  /** Shown but not editable (the role lacks the key to save). */
  disabled?: boolean;
  /** Two columns on a page of its own; the drawer has one. */
  columns?: 1 | 2;
}) {
  const { form, fields, initial, detail, submit } = state;
  if (initial) {
    const controls = fields.map((field) => (
      <FieldControl key={field.name} def={def} field={field} mode={mode} />
    ));
    return (
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={disabled}
        onFinish={() => void submit()}
        // Fields have no antd rules to re-run, so a message would stay after the fix: drop it on edit.
        onValuesChange={(changed) => form.setFields(clearedErrors(Object.keys(changed)))}
      >
        {columns === 2 ? (
          <Row gutter={24}>
            {controls.map((control) => (
              <Col key={control.key} xs={24} lg={12}>
                {control}
              </Col>
            ))}
          </Row>
        ) : (
          controls
        )}
        {/* Enter in a text box submits, like the Save button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    );
  }
  if (detail.isError) return <Result status="warning" title={detail.error.message} />;
  return <Spin style={{ display: 'block', margin: '48px auto' }} />;
}

/** The create/edit drawer of the record pages. Mount one per opening (the page keys it). */
export function RecordForm({ def, mode, id, open, onClose, onSaved, afterClose, fixed }: RecordFormProps) {
  const t = useT();
  const lang = useLanguage();
  const state = useRecordForm({
    def,
    mode,
    id,
    fixed,
    onSaved: (saved) => {
      onSaved(saved);
      onClose();
    },
  });

  return (
    <Drawer
      title={t(mode === 'add' ? 'res.addTitle' : 'res.editTitle', { title: def.title[lang] })}
      open={open}
      onClose={onClose}
      size={560}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) afterClose?.();
      }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('res.cancel')}</Button>
          <Button
            type="primary"
            loading={state.saving}
            disabled={!state.initial}
            onClick={() => void state.submit()}
          >
            {t('res.save')}
          </Button>
        </Space>
      }
    >
      <RecordFields def={def} mode={mode} state={state} />
    </Drawer>
  );
}
