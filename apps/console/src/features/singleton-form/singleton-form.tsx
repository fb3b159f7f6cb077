import { singletonCalls } from '@igs/contract/calls';
import type { SingletonDef } from '@igs/contract/extras';
import { type FieldDef, writableFields } from '@igs/contract/resources';
import { Alert, Button, Form, type FormInstance, Result, Space, Spin } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useFirstPageSettled } from '../../app/first-page-settled.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { isRequestError } from '../../request/index.ts';
import { FieldControl } from '../resource/field-control.tsx';
import { loadRecordSchema } from '../resource/load-record-schema.ts';
import { singletonBody } from './form-body.ts';
import { serverErrors } from './server-errors.ts';
import { type SingletonValues, useSingleton, useSingletonButton } from './use-singleton.ts';
import './texts.ts';

export interface SingletonFormProps {
  def: SingletonDef;
  /** Extra keys of the detail and form calls (scenario other settings: `scene_id`). */
  params?: Record<string, unknown>;
  /** Which fields to show for the current values (the SMS provider hides the others' fields). */
  visible?: (field: FieldDef, values: Record<string, unknown>) => boolean;
  /** Shown above the fields, with the loaded record. */
  header?: (values: SingletonValues) => ReactNode;
  /** Buttons beside Save (a test verb), with the form to read unsaved values from. */
  actions?: (form: FormInstance, values: SingletonValues) => ReactNode;
  onSaved?: () => void;
}

/**
 * A settings form for one singleton: fields drawn from its description, the contract's schema as
 * the only validator (same rules and words as the server), Save shown only with `<prefix>:edit`.
 * Secrets are never shown; leaving one empty keeps the stored value.
 */
export function SingletonForm({ def, params = {}, visible, header, actions, onSaved }: SingletonFormProps) {
  const t = useT();
  const lang = useLanguage();
  const [form] = Form.useForm();
  const { endpoint, query, refresh, sites } = useSingleton(def, params);
  const canEdit = useSingletonButton(def, 'edit');
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const fields = useMemo(() => writableFields(def), [def]);
  const shown = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const watched = Form.useWatch([], form) as Record<string, unknown> | undefined;
  // The check's code (the contract's schema, zod) comes after the page's first data, ready for a save.
  const firstPageSettled = useFirstPageSettled();
  useEffect(() => {
    if (firstPageSettled && canEdit) loadRecordSchema().catch(() => undefined);
  }, [firstPageSettled, canEdit]);

  if (query.isError)
    return <Result status="warning" title={t('sgl.loadFailed')} subTitle={query.error.message} />;
  if (!query.data) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const data = query.data;
  const initial = Object.fromEntries(fields.map((f) => [f.name, f.type === 'pwd' ? '' : data[f.name]]));
  const current = { ...initial, ...(watched ?? {}) };

  const save = async () => {
    // One save at a time: the check's code may still be loading when Save is pressed again.
    if (savingNow.current) return;
    savingNow.current = true;
    setSaving(true);
    try {
      if (!(await loadRecordSchema().catch(() => undefined))) {
        toast.error(t('sgl.checkUnavailable'));
        return;
      }
      // Read once the check is in: what was typed while it loaded is sent too.
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const { body, errors } = await singletonBody(def, values, lang);
      form.setFields([...[...shown].map((name) => ({ name, errors: [] as string[] })), ...errors]);
      if (errors.length) {
        form.scrollToField(errors[0]!.name);
        toast.error(t('sgl.invalid'));
        return;
      }
      await call(singletonCalls(endpoint).form, { ...params, ...body }, { sites });
      toast.success(t('sgl.saved'));
      form.setFields(fields.filter((f) => f.type === 'pwd').map((f) => ({ name: f.name, value: '' })));
      await refresh();
      onSaved?.();
    } catch (error) {
      // The request layer has shown the message; field-level reasons go next to the fields too.
      if (isRequestError(error)) form.setFields(serverErrors(error.data, shown));
    } finally {
      savingNow.current = false;
      setSaving(false);
    }
  };

  return (
    <>
      <Form
        // A new record (another scene, a save elsewhere) starts a fresh form.
        key={JSON.stringify([params, data])}
        form={form}
        layout="vertical"
        style={{ maxWidth: 720 }}
        initialValues={initial}
        disabled={!canEdit}
        onFinish={() => void save()}
        onValuesChange={(changed) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] as string[] })))
        }
      >
        {header?.(data)}
        {!canEdit && <Alert type="info" showIcon title={t('sgl.readOnly')} style={{ marginBottom: 16 }} />}
        {fields.map((field) =>
          visible && !visible(field, current) ? null : (
            <div key={field.name}>
              <FieldControl def={def} field={field} mode="edit" />
              {field.type === 'pwd' && (
                <div
                  className="singleton-secret-state"
                  style={{ marginTop: -16, marginBottom: 16, opacity: 0.65 }}
                >
                  {data.secret_set?.[field.name] ? t('sgl.secretKept') : t('sgl.secretUnset')}
                </div>
              )}
            </div>
          ),
        )}
        {/* Enter in a text box submits, like the Save button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {/* Outside the form: a reader without the edit key may still hold a verb's key. */}
      <Space wrap>
        {canEdit && (
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('sgl.save')}
          </Button>
        )}
        {canEdit && <Button onClick={() => form.resetFields()}>{t('sgl.reset')}</Button>}
        {actions?.(form, data)}
      </Space>
    </>
  );
}
