import { DatePicker, TimePicker } from 'antd';

/** antd's pickers, loaded by lazy-pickers.tsx when a page first draws one. */
export const Pickers = { DatePicker, RangePicker: DatePicker.RangePicker, TimePicker };
