import { defaultsOf, type ResourceDef, recordSchema, writableFields } from '@igs/contract/resources';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Result, Space, Spin } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { isRequestError } from '../../request/index.ts';
import { api, resourceKeys, useEndpoint } from './api.ts';
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
  /** Called after a successful add or edit; the page refreshes its list. */
  onSaved: () => void;
  /** After the drawer has closed; the page then drops this form so the next one starts clean. */
  afterClose?: () => void;
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

/**
 * The create/edit drawer: fields generated from the description, validated on submit by the
 * contract's zod schema in the user's language, i.e. the same rules and words as the server's.
 * Mount one per opening (the page keys it) so the form instance never carries old values.
 */
export function RecordForm({ def, mode, id, open, onClose, onSaved, afterClose }: RecordFormProps) {
  const t = useT();
  const lang = useLanguage();
  const endpoint = useEndpoint(def);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const fields = writableFields(def);
  const shown = useMemo(() => new Set(writableFields(def).map((f) => f.name)), [def]);

  const detail = useQuery({
    queryKey: resourceKeys.detail(def.name, endpoint, id ?? 0),
    queryFn: () => api.detail(endpoint, id!),
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

  const submit = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const { body, errors: jsonErrors } = fromFormValues(def, values, mode, lang, (label) =>
      t('res.jsonInvalid', { label }),
    );
    const parsed = recordSchema(def, mode, lang).safeParse(mode === 'edit' ? { ...body, id } : body);
    const mapped = parsed.success ? { fields: [], other: [] } : zodToFormErrors(parsed.error.issues, shown);
    const errors = [
      ...jsonErrors,
      ...mapped.fields.filter((f) => !jsonErrors.some((j) => j.name === f.name)),
    ];
    if (!parsed.success || errors.length) {
      showErrors(errors);
      toast.error([t('msg.formInvalid'), ...mapped.other].join(' '));
      return;
    }
    showErrors([]);
    setSaving(true);
    try {
      const data = parsed.data as Record<string, unknown>;
      await (mode === 'add' ? api.add(endpoint, data) : api.edit(endpoint, data));
      onSaved();
      onClose();
    } catch (error) {
      // The request layer has toasted the message; put field-level reasons next to the fields.
      const fieldErrors = serverFieldErrors(error, shown);
      if (fieldErrors.length) showErrors(fieldErrors);
    } finally {
      setSaving(false);
    }
  };

  let body: ReactNode;
  if (initial) {
    body = (
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={() => void submit()}
        // Fields have no antd rules to re-run, so a message would stay after the fix: drop it on edit.
        onValuesChange={(changed) => form.setFields(clearedErrors(Object.keys(changed)))}
      >
        {fields.map((field) => (
          <FieldControl key={field.name} def={def} field={field} mode={mode} />
        ))}
        {/* Enter in a text box submits, like the Save button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    );
  } else if (detail.isError) {
    body = <Result status="warning" title={detail.error.message} />;
  } else {
    body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  }

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
          <Button type="primary" loading={saving} disabled={!initial} onClick={() => void submit()}>
            {t('res.save')}
          </Button>
        </Space>
      }
    >
      {body}
    </Drawer>
  );
}
