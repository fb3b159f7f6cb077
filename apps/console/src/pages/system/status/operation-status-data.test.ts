import { describe, expect, it } from 'vitest';
import {
  appendSample,
  defaultInterface,
  formatRate,
  type RunningStatus,
  splitSeconds,
} from './operation-status-data.ts';

const status = (at: number, cpu: number | null, rx: number | null) =>
  ({
    generated_at: at,
    cpu: { usage_pct: cpu },
    memory: { used_pct: 40 },
    network: {
      interfaces: [
        { iface: 'lo', rx_bytes: 9e9, tx_bytes: 9e9, rx_rate: 1, tx_rate: 1 },
        { iface: 'eth0', rx_bytes: 5e6, tx_bytes: 1e6, rx_rate: rx, tx_rate: 10 },
        { iface: 'eth1', rx_bytes: 1e3, tx_bytes: 1e3, rx_rate: 0, tx_rate: 0 },
      ],
    },
  }) as unknown as RunningStatus;

describe('operation status data', () => {
  it('history: one point per reading, the oldest dropped past the limit', () => {
    let h = appendSample([], status(1, 10, 100));
    h = appendSample(h, status(1, 10, 100)); // the same reading again (a re-render)
    expect(h).toHaveLength(1);
    h = appendSample(h, status(2, null, null), 2);
    h = appendSample(h, status(3, 30, 300), 2);
    expect(h.map((p) => p.at)).toEqual([2, 3]);
    expect(h[0]).toMatchObject({ cpu: null, memory: 40, net: { eth0: { rx: null, tx: 10 } } });
    expect(h[1]!.net.eth0).toEqual({ rx: 300, tx: 10 });
  });

  it('the network chart starts on the busiest interface that is not loopback', () => {
    expect(defaultInterface(status(1, 1, 1).network.interfaces)).toBe('eth0');
    expect(defaultInterface([{ iface: 'lo' } as never])).toBe('lo');
    expect(defaultInterface([])).toBeUndefined();
  });

  it('rates and durations', () => {
    expect(formatRate(1536)).toBe('1.5 KB/s');
    expect(formatRate(null)).toBe('–');
    expect(splitSeconds(90061)).toEqual({ days: 1, hours: 1, minutes: 1 });
  });
});
