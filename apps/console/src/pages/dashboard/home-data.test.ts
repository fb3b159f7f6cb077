import { describe, expect, it } from 'vitest';
import { cardTone, humanise, normaliseHome, percent, splitUptime } from './home-data.ts';

describe('normaliseHome', () => {
  it('keeps the cards in server order, the trends and the system status', () => {
    const data = normaliseHome({
      cards: [
        { key: 'unread', area: 'terminals', value: 3 },
        { key: 'accounts', area: 'system', value: 1, total: 2 },
        { key: 'extensions_registered', area: 'voice', value: null, total: 3, unknown: 'asterisk_stopped' },
      ],
      trends: {
        calls: [{ date: '2026-11-26', total: 3, answered: 2, missed: 1 }, { date: 'x' }],
        terminals_online: [
          { date: '2026-11-25', value: null },
          { date: '2026-11-26', value: 4 },
        ],
      },
      system: {
        hostname: 'gw',
        uptime_s: 90061,
        load: [0.5, 0.4, 'x'],
        cpu_count: 4,
        cpu_percent: 12.5,
        memory: { total: 100, used: 40 },
        disk: { path: '/data', mountpoint: '/', total: 1000, used: 500, avail: 400, used_pct: 55.6 },
      },
      generated_at: '2024-01-01 10:00:00',
    });
    expect(data.cards.map((c) => c.key)).toEqual(['unread', 'accounts', 'extensions_registered']);
    expect(data.cards[1]).toEqual({ key: 'accounts', area: 'system', value: 1, total: 2 });
    expect(data.cards[2]).toEqual({
      key: 'extensions_registered',
      area: 'voice',
      value: null,
      total: 3,
      unknown: 'asterisk_stopped',
    });
    expect(data.trends.calls).toEqual([{ date: '2026-11-26', total: 3, answered: 2, missed: 1 }]);
    expect(data.trends.terminalsOnline).toEqual([
      { date: '2026-11-25', value: null },
      { date: '2026-11-26', value: 4 },
    ]);
    expect(data.system).toMatchObject({ hostname: 'gw', load: [0.5, 0.4], memory: { total: 100, used: 40 } });
    // The server's df-style percentage, not used / total (which would read 50).
    expect(data.system?.disk).toEqual({
      path: '/data',
      mountpoint: '/',
      total: 1000,
      used: 500,
      usedPct: 55.6,
    });
    expect(data.generatedAt).toBe('2024-01-01 10:00:00');
  });

  it('drops a card without a number unless it says why; copes with anything', () => {
    const cards = normaliseHome({
      cards: [
        { key: 'a', value: '3' },
        { value: 1 },
        null,
        { key: 'b', value: null },
        { key: 'c', value: 0 },
      ],
    }).cards;
    expect(cards).toEqual([{ key: 'c', area: 'other', value: 0 }]);
    expect(normaliseHome(null)).toEqual({ cards: [], trends: {}, system: undefined, generatedAt: undefined });
    expect(normaliseHome([])).toEqual({ cards: [], trends: {}, system: undefined, generatedAt: undefined });
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
  it('cardTone: alarms and failures in red, waiting work in orange, zero and unknown neutral', () => {
    const tone = (key: string, value: number | null) => cardTone({ key, area: 'x', value });
    expect(tone('open_alarms', 2)).toBe('error');
    expect(tone('open_alarms', 0)).toBe('default');
    expect(tone('programmes_down', 1)).toBe('error');
    expect(tone('pending_orders', 3)).toBe('warning');
    expect(tone('terminals_online', 30)).toBe('default');
    expect(tone('active_calls', null)).toBe('default');
  });
});
