import { describe, expect, it } from 'vitest';
import { humanise, normaliseHome, percent, splitUptime } from './home-data.ts';

describe('normaliseHome', () => {
  it('groups cards by area in server order and keeps the system status', () => {
    const data = normaliseHome({
      cards: [
        { key: 'unread', area: 'terminals', value: 3 },
        { key: 'accounts', area: 'system', value: 1, total: 2 },
        { key: 'online', area: 'terminals', value: 5, total: 9 },
      ],
      system: {
        hostname: 'gw',
        uptime_s: 90061,
        load: [0.5, 0.4, 'x'],
        cpu_count: 4,
        cpu_percent: 12.5,
        memory: { total: 100, used: 40 },
        disk: { path: '/data', total: 10, used: 5 },
      },
      generated_at: '2024-01-01 10:00:00',
    });
    expect(data.areas.map((a) => [a.area, a.cards.map((c) => c.key)])).toEqual([
      ['terminals', ['unread', 'online']],
      ['system', ['accounts']],
    ]);
    expect(data.areas[1]?.cards[0]).toEqual({ key: 'accounts', area: 'system', value: 1, total: 2 });
    expect(data.system).toMatchObject({ hostname: 'gw', load: [0.5, 0.4], memory: { total: 100, used: 40 } });
    expect(data.system?.disk).toEqual({ path: '/data', total: 10, used: 5 });
    expect(data.generatedAt).toBe('2024-01-01 10:00:00');
  });

  it('drops cards without a real number and copes with anything', () => {
    expect(normaliseHome({ cards: [{ key: 'a', value: '3' }, { value: 1 }, null] }).areas).toEqual([]);
    expect(normaliseHome(null)).toEqual({ areas: [], system: undefined, generatedAt: undefined });
    expect(normaliseHome([])).toEqual({ areas: [], system: undefined, generatedAt: undefined });
    expect(normaliseHome({ cards: [{ key: 'a', value: 2 }] }).areas[0]?.area).toBe('other');
  });
});

describe('dashboard helpers', () => {
  it('splitUptime', () => {
    expect(splitUptime(90061)).toEqual({ days: 1, hours: 1, minutes: 1 });
  });
  it('percent', () => {
    expect(percent(1, 3)).toBe(33.3);
    expect(percent(1, 0)).toBe(0);
  });
  it('humanise', () => {
    expect(humanise('pending_orders')).toBe('Pending orders');
  });
});
