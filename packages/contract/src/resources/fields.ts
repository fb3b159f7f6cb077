import type { FieldDef, JsonShape, OptionLabel, Text } from './types.ts';

/**
 * The field blocks most resources share, written once. Each builder returns a plain FieldDef, so a
 * resource may still spread it and change one property: `{ ...nameField(), max: 32 }`.
 */

type Extra = Partial<Omit<FieldDef, 'name' | 'type' | 'label'>>;

/**
 * An enum's values with their words (and, for a state, its tone), in the order a select offers
 * them: `choices({ udp: { en: 'UDP', zh_CN: 'UDP' }, … })`.
 */
export function choices<const V extends string>(
  labels: Readonly<Record<V, OptionLabel>>,
): { options: readonly V[]; optionLabels: Readonly<Record<V, OptionLabel>> } {
  return { options: Object.keys(labels) as V[], optionLabels: labels };
}

/** A labelled enum (or, with `many`, a labelled set of values: `enums`). */
export function enumField<const V extends string>(
  name: string,
  label: Text,
  labels: Readonly<Record<V, OptionLabel>>,
  extra: Extra & { many?: boolean } = {},
): FieldDef {
  const { many, ...rest } = extra;
  return { name, type: many ? 'enums' : 'enum', label, ...choices(labels), ...rest };
}

/** The words of a device's reachability, the most common state flag. */
export const ONLINE_WORDS = {
  on: { en: 'Online', zh_CN: '在线', tone: 'success' },
  off: { en: 'Offline', zh_CN: '离线', tone: 'error' },
} as const satisfies { on: OptionLabel; off: OptionLabel };

/** A bool that is a state, set by the server from what it observes (online, pushing, pulling). */
export function stateFlag(
  name: string,
  label: Text,
  words: { on: OptionLabel; off: OptionLabel } = ONLINE_WORDS,
  extra: Extra = {},
): FieldDef {
  return { name, type: 'bool', label, boolLabels: words, readonly: true, ...extra };
}

/** The record's name: required, listed, filtered and matched by the keyword. */
export function nameField(extra: Extra = {}): FieldDef {
  return {
    name: 'name',
    type: 'str',
    label: { en: 'Name', zh_CN: '名称' },
    required: true,
    max: 64,
    list: true,
    filter: true,
    keyword: true,
    ...extra,
  };
}

/** The record's English name, beside `name`, shown by the English console where it is set. */
export function nameEnField(extra: Extra = {}): FieldDef {
  return {
    name: 'name_en',
    type: 'str',
    label: { en: 'English name', zh_CN: '英文名称' },
    max: 64,
    ...extra,
  };
}

/** `enabled`: on by default, listed and filtered; reads as 启用/停用. */
export function enabledField(extra: Extra = {}): FieldDef {
  return {
    name: 'enabled',
    type: 'bool',
    label: { en: 'Enabled', zh_CN: '启用' },
    default: 1,
    list: true,
    filter: true,
    ...extra,
  };
}

/** `sort`: the list's order, smaller first. */
export function sortField(extra: Extra = {}): FieldDef {
  return {
    name: 'sort',
    type: 'int',
    label: { en: 'Sort', zh_CN: '排序' },
    default: 0,
    min: 0,
    max: 99999,
    list: true,
    ...extra,
  };
}

/** `remark`: free text for the operator. */
export function remarkField(extra: Extra = {}): FieldDef {
  return { name: 'remark', type: 'text', label: { en: 'Remark', zh_CN: '备注' }, max: 500, ...extra };
}

/** Money: stored in fen as an integer, shown and entered in yuan with two decimals. */
export function moneyField(name: string, label: Text, extra: Extra = {}): FieldDef {
  return { name, type: 'int', label, unit: 'fen', min: 0, max: 100_000_000, ...extra };
}

/** A reference to one record of another resource, shown by that record's name. */
export function refField(name: string, ref: string, label: Text, extra: Extra = {}): FieldDef {
  return { name, type: 'ref', ref, label, ...extra };
}

/** References to several records of another resource, shown as tags with their names. */
export function refsField(name: string, ref: string, label: Text, extra: Extra = {}): FieldDef {
  return { name, type: 'refs', ref, label, ...extra };
}

/** A json field with its shape (see JsonShape), so it is edited and shown as a structure. */
export function jsonField(name: string, label: Text, shape: JsonShape, extra: Extra = {}): FieldDef {
  return { name, type: 'json', label, shape, ...extra };
}

/** A part of a json shape: the label is the column or group title, the type its control. */
export function part(name: string, type: FieldDef['type'], label: Text, extra: Extra = {}): FieldDef {
  return { name, type, label, ...extra };
}

/** The days of the week as ISO numbers (1 = Monday … 7 = Sunday), the shape of `weekdays` lists. */
export const WEEKDAYS = {
  '1': { en: 'Mon', zh_CN: '周一' },
  '2': { en: 'Tue', zh_CN: '周二' },
  '3': { en: 'Wed', zh_CN: '周三' },
  '4': { en: 'Thu', zh_CN: '周四' },
  '5': { en: 'Fri', zh_CN: '周五' },
  '6': { en: 'Sat', zh_CN: '周六' },
  '7': { en: 'Sun', zh_CN: '周日' },
} as const satisfies Record<string, OptionLabel>;
