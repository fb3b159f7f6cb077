import { describe, expect, it } from 'vitest';
import { toTree } from '../../src/features/smart-extras/form-linkage.ts';
import { wifiQrText } from '../../src/features/smart-extras/scene-other.ts';
import { resolveRange } from '../../src/features/smart-extras/terminal-stats.ts';
import { dnsmasqOption43Lines } from '../../src/features/tr069-extras/actions.ts';

describe('terminal statistics range', () => {
  const now = new Date(2026, 10, 21, 15, 0, 0).getTime();

  it('defaults to the seven days up to today, every day listed', () => {
    const r = resolveRange(now);
    expect(r).toMatchObject({ from: '2026-11-15', to: '2026-11-21' });
    expect(r.days).toHaveLength(7);
  });

  it('refuses impossible dates, reversed and too long ranges', () => {
    expect(() => resolveRange(now, '2026-02-30', '2026-03-01')).toThrow(/from is not a date/);
    expect(() => resolveRange(now, '2026-03-02', '2026-03-01')).toThrow(/after/);
    expect(() => resolveRange(now, '2024-01-01', '2026-01-01')).toThrow(/at most 366/);
    expect(resolveRange(now, '2026-02-27', '2026-03-02').days).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });
});

describe('form linkage tree', () => {
  it('nests by parent and survives missing parents and loops', () => {
    const tree = toTree([
      { id: 1, parent_id: null, name: 'A栋' },
      { id: 2, parent_id: 1, name: '8F' },
      { id: 3, parent_id: 2, name: '0805' },
      { id: 4, parent_id: 99, name: 'orphan' },
      { id: 5, parent_id: 6, name: 'loop a' },
      { id: 6, parent_id: 5, name: 'loop b' },
    ]);
    expect(tree[0]).toEqual({
      value: 1,
      label: 'A栋',
      children: [{ value: 2, label: '8F', children: [{ value: 3, label: '0805' }] }],
    });
    expect(tree.map((n) => n.label)).toEqual(['A栋', 'orphan', 'loop a', 'loop b']);
  });
});

describe('scenario other Wi-Fi QR', () => {
  it('escapes the special characters of the WIFI: payload', () => {
    expect(wifiQrText('Hotel;5G', 'pa:ss"word')).toBe('WIFI:T:WPA;S:Hotel\\;5G;P:pa\\:ss\\"word;;');
    expect(wifiQrText('Open', '')).toBe('WIFI:T:nopass;S:Open;;');
    expect(wifiQrText('', 'x')).toBe('');
  });
});

describe('ITMS DHCP option 43', () => {
  it('gives a dnsmasq vendor option line only when switched on', () => {
    expect(dnsmasqOption43Lines({ dhcp_option43: 0, acs_url: 'http://10.0.0.1:7547/' })).toEqual([]);
    expect(dnsmasqOption43Lines({ dhcp_option43: 1, acs_url: 'http://10.0.0.1:7547/' })).toEqual([
      'dhcp-option=vendor:dslforum.org,1,"http://10.0.0.1:7547/"',
    ]);
  });
});
