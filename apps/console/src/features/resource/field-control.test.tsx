import { resourceByName } from '@igs/contract/resources';
import { recordSchema } from '@igs/contract/resources/validation';
import { render } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => ({
  request: vi.fn(async () => []),
  requestEnvelope: vi.fn(),
  bindSession: vi.fn(),
  isRequestError: () => false,
}));

const { setLanguage } = await import('../../i18n/index.ts');
const { FieldControl } = await import('./field-control.tsx');
const { Providers } = await import('./test-support.tsx');

const extension = resourceByName('voice:extension')!;
const field = (name: string) => extension.fields.find((f) => f.name === name)!;

function marked(name: string, mode: 'add' | 'edit'): boolean {
  setLanguage('en');
  const { container, unmount } = render(
    <Providers>
      <Form>
        <FieldControl def={extension} field={field(name)} mode={mode} />
      </Form>
    </Providers>,
  );
  const required = container.querySelector('.ant-form-item-required') !== null;
  unmount();
  return required;
}

describe('required marker', () => {
  it('follows the schema: a required secret may be left empty, so it is not marked', () => {
    // The schema lets an add leave the secret out (generated or left empty by the server)...
    const parsed = recordSchema(extension, 'add').safeParse({ extension: '8001', name: 'Desk' });
    expect(parsed.success).toBe(true);
    // ...so the form does not mark it, in either mode; other required fields are marked.
    expect(field('secret').required).toBe(true);
    expect(marked('secret', 'add')).toBe(false);
    expect(marked('secret', 'edit')).toBe(false);
    expect(marked('name', 'add')).toBe(true);
  });
});

describe('placeholder', () => {
  it('shows the field’s own example where it has one, else one of its type', () => {
    setLanguage('en');
    const live = resourceByName('media:live')!;
    const shown = (name: string) => {
      const { container, unmount } = render(
        <Providers>
          <Form>
            <FieldControl def={live} field={live.fields.find((f) => f.name === name)!} mode="add" />
          </Form>
        </Providers>,
      );
      const text = container.querySelector('input')?.getAttribute('placeholder');
      unmount();
      return text;
    };
    expect(shown('logo_url')).toBe('https://example.com/logos/channel.png');
    expect(shown('url')).toBe('udp://239.0.0.1:1234');
  });
});
