import { type FieldDef, type ResourceDef, refByResource } from '@igs/contract/resources';
import { Form, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { useLanguage, useT } from '../../i18n/index.ts';
import { EMPTY, RefCell } from './cells.tsx';
import { JsonSummary, optionWords } from './shape-cell.tsx';
import { useRefOptions } from './use-ref-options.ts';
import './texts.ts';

/*
 * Lists whose ids name records of a resource chosen by another field of the record (`refBy`: an
 * alarm rule's sources by its source, a reboot plan's targets by its target type): shown and
 * picked by the records' names, never as ids.
 */

/** The list as an array: the value itself, or stored JSON text. */
function listOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** The cell: names of the records of the kind the row names, words as tags, nothing for a kind without. */
export function RefByCell({
  field,
  value,
  record,
}: {
  field: FieldDef;
  value: unknown;
  record: Record<string, unknown> | undefined;
}) {
  const list = listOf(value);
  const ref = record ? refByResource(field, record) : undefined;
  if (!list.length || ref === undefined) return <>{EMPTY}</>;
  if (ref === null) return <JsonSummary value={list} />;
  return <RefCell refName={ref} value={list} />;
}

/**
 * The form control: a search-as-you-type multiple select of the kind the form's other field names
 * now; free words (tags) where the kind names none; disabled where the kind needs no list. A change
 * of kind empties the list, whose ids named records of the other kind.
 */
export function RefByControl({
  def,
  field,
  value,
  onChange,
  id,
}: {
  def: ResourceDef;
  field: FieldDef;
  value?: unknown;
  onChange?: (v: unknown[]) => void;
  /** Given by Form.Item, so the label names the control. */
  id?: string;
}) {
  const t = useT();
  const lang = useLanguage();
  const by = field.refBy!.field;
  const kind = Form.useWatch(by) as unknown;
  const ref = refByResource(field, { [by]: kind });
  const { options, loading } = useRefOptions(ref ?? undefined);
  const seen = useRef(kind);
  useEffect(() => {
    if (seen.current === kind) return;
    // The first kind seen is the record's own (it arrives after mount in an edit form).
    if (seen.current !== undefined) onChange?.([]);
    seen.current = kind;
  }, [kind, onChange]);
  const list = listOf(value);
  if (ref === undefined) {
    // No kind chosen yet, or one that names nothing (all APs): said in words, never a bare code.
    const byField = def.fields.find((f) => f.name === by)!;
    const hint =
      kind === undefined || kind === null || kind === ''
        ? t('res.namesKindFirst', { field: byField.label[lang] })
        : t('res.namesNone', { kind: optionWords(byField, kind, lang) });
    return <Select id={id} disabled value={[]} mode="multiple" placeholder={hint} />;
  }
  if (ref === null)
    return (
      <Select
        id={id}
        mode="tags"
        value={list.map(String)}
        onChange={(vs: string[]) => onChange?.(vs)}
        tokenSeparators={[',', ' ']}
        open={false}
        placeholder={t('res.tagsHint')}
      />
    );
  return (
    <Select
      id={id}
      mode="multiple"
      value={list.map(Number) as never}
      onChange={(vs: number[]) => onChange?.(vs)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      placeholder={t('res.select')}
    />
  );
}
