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

type Pickers = typeof import('./pickers.tsx').Pickers;
const load = () => import('./pickers.tsx').then((m) => m.Pickers);

/** One date (the console never picks several in one field). */
type SingleDateProps = DatePickerProps<Dayjs, false>;

interface StandInProps {
  style?: CSSProperties;
  size?: SingleDateProps['size'];
}

/**
 * One of the pickers, loaded with the others at its first drawing; `width` is the stand-in's where
 * the caller gives none (the range picker's measured in Chromium, both languages).
 */
function lazyPicker<P extends StandInProps>(pick: (pickers: Pickers) => ComponentType<P>, width: number) {
  const Lazy = lazy(() => load().then((pickers) => ({ default: pick(pickers) })));
  return function Picker(props: P) {
    return (
      <Suspense
        fallback={<Input disabled size={props.size} style={{ width, ...props.style }} aria-busy="true" />}
      >
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const DatePicker = lazyPicker<SingleDateProps>(
  (p) => p.DatePicker as ComponentType<SingleDateProps>,
  160,
);
export const RangePicker = lazyPicker<RangePickerProps>((p) => p.RangePicker, 292);
export const TimePicker = lazyPicker<TimePickerProps>((p) => p.TimePicker, 128);
