import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn();
vi.mock('../../../request/index.ts', () => ({ request, bindSession: () => {} }));

const { setLanguage } = await import('../../../i18n/index.ts');
const { default: SystemTools } = await import('../SystemTools.tsx');

/** A reply body the test feeds piece by piece, as a server streaming a ping would. */
function controlledStream() {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const enc = new TextEncoder();
      push = (t) => controller.enqueue(enc.encode(t));
      end = () => controller.close();
    },
  });
  return { body, push: (t: string) => push(t), end: () => end() };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SystemTools />
    </QueryClientProvider>,
  );
}

describe('System tools page', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockResolvedValue({
      tools: [
        { tool: 'ping', program: 'ping', available: true },
        { tool: 'traceroute', program: 'traceroute', available: false },
        { tool: 'dns_lookup', program: null, available: true },
        { tool: 'tcp_port', program: null, available: true },
        { tool: 'arp', program: 'ip', available: true },
      ],
      interfaces: ['eth0', 'lo'],
      limits: { count_min: 1, count_max: 10, max_run_s: 30 },
    });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('shows the output live, piece by piece, while the run goes on', async () => {
    const stream = controlledStream();
    const fetchMock = vi.fn(
      async () => new Response(stream.body, { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    globalThis.fetch = fetchMock as typeof fetch;
    renderPage();
    await userEvent.type(screen.getByPlaceholderText('host name or IP address'), '127.0.0.1');
    await userEvent.click(screen.getByRole('button', { name: /Run/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(
      JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string),
    ).toEqual({
      method: 'run',
      tool: 'ping',
      host: '127.0.0.1',
      count: 4,
    });
    stream.push('$ ping -c 4 -W 2 -- 127.0.0.1\n');
    await waitFor(() => expect(screen.getByTestId('tool-output').textContent).toContain('$ ping -c 4'));
    expect(screen.getByRole('button', { name: /Stop/ })).toBeTruthy();
    stream.push('64 bytes from 127.0.0.1: icmp_seq=1\n');
    await waitFor(() => expect(screen.getByTestId('tool-output').textContent).toContain('icmp_seq=1'));
    stream.end();
    await waitFor(() => expect(screen.getByRole('button', { name: /Run/ })).toBeTruthy());
  });

  it('refuses a host that is an option before sending anything', async () => {
    const fetchMock = vi.fn();
    globalThis.fetch = fetchMock as typeof fetch;
    renderPage();
    await userEvent.type(screen.getByPlaceholderText('host name or IP address'), '-f');
    await userEvent.click(screen.getByRole('button', { name: /Run/ }));
    expect(
      await screen.findByText('A host name or an IP address: no spaces, may not start with "-"'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server refusal (a run already going) in the output', async () => {
    globalThis.fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            code: 423,
            msg: 'A tool is already running for this account; wait for it to finish',
            data: null,
          }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    ) as typeof fetch;
    renderPage();
    await userEvent.type(screen.getByPlaceholderText('host name or IP address'), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: /Run/ }));
    await waitFor(() => expect(screen.getByTestId('tool-output').textContent).toContain('already running'));
  });
});
