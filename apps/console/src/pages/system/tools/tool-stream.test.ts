import { describe, expect, it, vi } from 'vitest';
import { looksLikeHost, streamTool, ToolRefused } from './tool-stream.ts';

function streamingResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

describe('tool output stream', () => {
  it('hands each chunk on as it arrives, and sends the token and the run', async () => {
    const fetchImpl = vi.fn(async () =>
      streamingResponse([
        '$ ping -c 2 -W 2 -- 127.0.0.1\n',
        '64 bytes icmp_seq=1\n',
        '64 bytes icmp_seq=2\n',
      ]),
    );
    const seen: string[] = [];
    await streamTool(
      { tool: 'ping', host: '127.0.0.1', count: 2, iface: '' },
      { token: 'tok', onText: (t) => seen.push(t), fetchImpl },
    );
    expect(seen).toEqual([
      '$ ping -c 2 -W 2 -- 127.0.0.1\n',
      '64 bytes icmp_seq=1\n',
      '64 bytes icmp_seq=2\n',
    ]);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin.php/system/ping');
    expect((init.headers as Record<string, string>).IGSAuth).toBe('tok');
    expect(JSON.parse(init.body as string)).toEqual({
      method: 'run',
      tool: 'ping',
      host: '127.0.0.1',
      count: 2,
    });
  });

  it('a refusal comes back as the JSON envelope and is thrown with its code and message', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 423, msg: 'A tool is already running for this account', data: null }),
          {
            status: 200,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          },
        ),
    );
    const err = await streamTool({ tool: 'ping', host: 'x' }, { onText: () => {}, fetchImpl }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ToolRefused);
    expect(err).toMatchObject({ code: 423, message: 'A tool is already running for this account' });
  });

  it('hosts checked before sending, as the server does', () => {
    for (const ok of ['127.0.0.1', 'example.com', 'gw-1', '::1', 'fe80::1'])
      expect(looksLikeHost(ok), ok).toBe(true);
    for (const bad of ['-f', 'a;b', 'a b', '', '$(id)', 'a..b']) expect(looksLikeHost(bad), bad).toBe(false);
  });
});
