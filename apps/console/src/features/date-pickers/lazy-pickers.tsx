import type { DatePickerProps, TimePickerProps } from 'antd';
import { Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { type ComponentType, type CSSProperties, lazy, Suspense } from 'react';

/*
 * antd's date, range and time pickers, loaded when a page first draws one. With rc-picker they are
 * some 95 KB minified (23 KB Brotli), which pages of several areas use (search forms, record forms,
 * the operation log, terminal statistics): grouped with the signed-in shell, every page load and
 * every sign-in carried them, the dashboard's too (issue 18: bytes on a slow link). Each picker
 * takes antd's own props; until its code is in, a disabled field of the same width stands in.
 */

const load = () => import('./pickers.tsx').then((m) => m.Pickers);

/** One date (the console never picks several in one field). */
type SingleDateProps = DatePickerProps<Dayjs, false>;

const LazyDatePicker = lazy(() =>
  load().then((p) => ({ default: p.DatePicker as ComponentType<SingleDateProps> })),
);
const LazyRangePicker = lazy(() => load().then((p) => ({ default: p.RangePicker })));
const LazyTimePicker = lazy(() => load().then((p) => ({ default: p.TimePicker })));

/** The pickers' widths where the caller gives none (the range picker's measured in Chromium, both languages). */
const DEFAULT_WIDTH = { date: 160, range: 292, time: 128 } as const;

function Placeholder({
  style,
  size,
  width,
}: {
  style?: CSSProperties;
  size?: SingleDateProps['size'];
  width: number;
}) {
  return <Input disabled size={size} style={{ width, ...style }} aria-busy="true" />;
}

export function DatePicker(props: SingleDateProps) {
  return (
    <Suspense fallback={<Placeholder style={props.style} size={props.size} width={DEFAULT_WIDTH.date} />}>
      <LazyDatePicker {...props} />
    </Suspense>
  );
}

export function RangePicker(props: RangePickerProps) {
  return (
    <Suspense fallback={<Placeholder style={props.style} size={props.size} width={DEFAULT_WIDTH.range} />}>
      <LazyRangePicker {...props} />
    </Suspense>
  );
}

export function TimePicker(props: TimePickerProps) {
  return (
    <Suspense fallback={<Placeholder style={props.style} size={props.size} width={DEFAULT_WIDTH.time} />}>
      <LazyTimePicker {...props} />
    </Suspense>
  );
}
