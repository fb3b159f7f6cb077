import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * antd's pickers are a chunk that loads when a page first draws one (lazy-pickers.tsx). Here their
 * module counts its imports: importing the wrappers must not import it, drawing one must, and the
 * picker must behave inside a form as antd's own does (value in, change out).
 * The tests run in order: the first needs the module not yet imported by this file.
 */
const pickersModule = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./pickers.tsx', async (importOriginal) => {
  pickersModule.imports++;
  return importOriginal();
});

const { DatePicker, RangePicker } = await import('./lazy-pickers.tsx');

describe('pickers loaded when first drawn', () => {
  afterEach(cleanup);

  it('are not loaded by importing the wrappers; a drawn picker shows a disabled field until they are', async () => {
    expect(pickersModule.imports).toBe(0);
    const { container } = render(<DatePicker style={{ width: 200 }} />);
    const standIn = container.querySelector('input');
    expect(standIn?.disabled).toBe(true);
    expect(standIn?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(container.querySelector('.ant-picker input')).not.toBeNull());
    expect(pickersModule.imports).toBe(1);
    expect(container.querySelector<HTMLElement>('.ant-picker')?.style.width).toBe('200px');
  });

  it('take the value of their form item and give it back on a change', async () => {
    const changes: unknown[] = [];
    render(
      <Form
        initialValues={{ day: dayjs('2026-11-28'), span: [dayjs('2026-11-01'), dayjs('2026-11-30')] }}
        onValuesChange={(changed) => changes.push(changed)}
      >
        <Form.Item name="day" label="Day">
          <DatePicker allowClear />
        </Form.Item>
        <Form.Item name="span" label="Span">
          <RangePicker />
        </Form.Item>
      </Form>,
    );
    await waitFor(() => {
      expect(screen.getByDisplayValue('2026-11-28')).toBeTruthy();
      expect(screen.getByDisplayValue('2026-11-01')).toBeTruthy();
      expect(screen.getByDisplayValue('2026-11-30')).toBeTruthy();
    });
    // Clearing the date reaches the form through the wrapper's onChange.
    const clear = document.querySelector<HTMLElement>('.ant-picker-clear');
    clear?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    clear?.click();
    await waitFor(() => expect(changes).toContainEqual({ day: null }));
  });
});
