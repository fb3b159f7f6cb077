import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFollowRecords } from './dnsmasq-settings.tsx';

describe('useFollowRecords', () => {
  it("re-reads the settings card when the page's record list is read again, not at its first reading", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const settings = vi.fn(async () => ({ ok: 1 }));
    // The settings card's query, watched as the card watches it.
    const card = new QueryObserver(client, { queryKey: ['dnsmasq', 'detail'], queryFn: settings });
    const stop = card.subscribe(() => {});
    renderHook(() => useFollowRecords('system:dhcp_host'), { wrapper });
    await waitFor(() => expect(settings).toHaveBeenCalledTimes(1));
    const readList = () =>
      act(() =>
        client.fetchQuery({
          queryKey: ['resource', 'system:dhcp_host', 'list', { page: 1 }],
          queryFn: async () => ({ list: [], total: 0 }),
        }),
      );
    // The list's first reading comes with the page: the card was just read.
    await readList();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(settings).toHaveBeenCalledTimes(1);
    // Read again (after a write on the page): the server has rewritten and checked the file.
    await readList();
    await waitFor(() => expect(settings).toHaveBeenCalledTimes(2));
    // Another resource's list is not this page's.
    await act(() =>
      client.fetchQuery({ queryKey: ['resource', 'system:dns_record', 'list'], queryFn: async () => ({}) }),
    );
    await act(() =>
      client.fetchQuery({ queryKey: ['resource', 'system:dns_record', 'list'], queryFn: async () => ({}) }),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(settings).toHaveBeenCalledTimes(2);
    stop();
  });
});
