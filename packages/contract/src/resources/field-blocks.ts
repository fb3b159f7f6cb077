import { enumField, jsonField, refField, refsField, WEEKDAYS } from './fields.ts';
import type { FieldDef, FieldType, JsonShape, OptionLabel, Text } from './types.ts';

/**
 * Field blocks several modules repeat beyond the common ones of fields.ts: numbers (digits only,
 * dialable, an extension by its number), weekly time windows, durations, the server's list columns
 * and states, areas. Each returns a plain FieldDef (or a few), so a resource may still override a
 * property through `extra`.
 */

type Extra = Partial<Omit<FieldDef, 'name' | 'type' | 'label'>>;
type Pattern = NonNullable<FieldDef['pattern']>;

// --- Numbers ---

/** Digits only; the message names the field by `label`. */
export function digitsPattern(label: Text): Pattern {
  return {
    source: '^\\d+$',
    message: { en: `${label.en} may contain digits only`, zh_CN: `${label.zh_CN}只能填写数字` },
  };
}

/** A dialable number, as the server's dialplan writer checks it (isDialable): digits, *, # and +. */
export function dialablePattern(label: Text): Pattern {
  return {
    source: '^[0-9*#+]{1,32}$',
    message: {
      en: `${label.en} may contain digits, *, # and + only`,
      zh_CN: `${label.zh_CN}只能包含数字、*、#和+`,
    },
  };
}

/** A string of digits at most `max` long (a PIN, a number of the numbering plan, an extension). */
export function digitsField(name: string, label: Text, max: number, extra: Extra = {}): FieldDef {
  return { name, type: 'str', label, max, pattern: digitsPattern(label), ...extra };
}

/** A number to dial (an outside number or one of the plan), at most 32 of digits, *, # and +. */
export function dialableField(name: string, label: Text, extra: Extra = {}): FieldDef {
  return { name, type: 'str', label, max: 32, pattern: dialablePattern(label), ...extra };
}

/** An extension named by its number, shown with the extension's name and picked from the extensions. */
export const EXTENSION_NAMES = { resource: 'voice:extension', by: 'extension' } as const;

/** `extension`: an extension's number (the server stores the number, not the record's id). */
export function extensionNumberField(label: Text, extra: Extra = {}): FieldDef {
  return digitsField('extension', label, 16, { names: EXTENSION_NAMES, ...extra });
}

// --- Days of the week and time windows ---

const DAY: Text = { en: 'Day', zh_CN: '星期' };
const WEEKDAYS_LABEL: Text = { en: 'Weekdays', zh_CN: '星期' };
const FROM: Text = { en: 'From', zh_CN: '开始时间' };
const TO: Text = { en: 'To', zh_CN: '结束时间' };

/** A day of the week, ISO numbered (1 = Monday … 7 = Sunday). */
export function weekdayField(name = 'day', extra: Extra = {}): FieldDef {
  return enumField(name, DAY, WEEKDAYS, extra);
}

/** Days of the week, ISO numbered, as the dialplan writer reads them (GotoIfTime). */
export const WEEKDAYS_SHAPE: JsonShape = { kind: 'list', of: weekdayField() };

/** A list of days of the week (`weekdays` unless named otherwise). */
export function weekdaysField(extra: Extra = {}, name = 'weekdays', label: Text = WEEKDAYS_LABEL): FieldDef {
  return jsonField(name, label, WEEKDAYS_SHAPE, extra);
}

/**
 * A weekly time window: the days and the times of day it runs from and to, as three fields
 * (`weekdays`, `time_from`, `time_to` unless named otherwise). `required` makes all three required;
 * `example` is the days' example.
 */
export function weeklyWindowFields({
  names = ['weekdays', 'time_from', 'time_to'],
  labels = [WEEKDAYS_LABEL, FROM, TO],
  required = false,
  example,
}: {
  names?: readonly [days: string, from: string, to: string];
  labels?: readonly [days: Text, from: Text, to: Text];
  required?: boolean;
  example?: string;
} = {}): FieldDef[] {
  const req: Extra = required ? { required: true } : {};
  return [
    weekdaysField(example === undefined ? req : { example, ...req }, names[0], labels[0]),
    { name: names[1], type: 'time', label: labels[1], ...req },
    { name: names[2], type: 'time', label: labels[2], ...req },
  ];
}

// --- Durations, list columns and states ---

/** A duration in seconds (shown as h:mm:ss); its range and default in `extra`. */
export function secondsField(name: string, label: Text, extra: Extra = {}): FieldDef {
  return { name, type: 'int', label, unit: 'seconds', ...extra };
}

/** A list column the server sets (never taken from a client). */
export function readonlyColumn(name: string, type: FieldType, label: Text, extra: Extra = {}): FieldDef {
  return { name, type, label, readonly: true, list: true, ...extra };
}

/** A text the list shows, filters by and finds by its keyword. */
export function keywordField(name: string, label: Text, extra: Extra = {}): FieldDef {
  return { name, type: 'str', label, list: true, filter: true, keyword: true, ...extra };
}

const STATE: Text = { en: 'State', zh_CN: '状态' };

/** `state`: set by the server or the resource's verbs, shown and filtered in the list. */
export function stateField<const V extends string>(
  labels: Readonly<Record<V, OptionLabel>>,
  extra: Extra = {},
  label: Text = STATE,
): FieldDef {
  return enumField('state', label, labels, { readonly: true, list: true, filter: true, ...extra });
}

// --- Areas ---

const AREA: Text = { en: 'Area', zh_CN: '区域' };
const AREAS: Text = { en: 'Areas', zh_CN: '区域' };

/** `area_id`: an area (system:region). */
export function areaIdField(extra: Extra = {}): FieldDef {
  return refField('area_id', 'system:region', AREA, extra);
}

/** `area_ids`: areas (system:region). */
export function areaIdsField(extra: Extra = {}): FieldDef {
  return refsField('area_ids', 'system:region', AREAS, extra);
}
