import { describe, expect, it } from 'vitest';
import { parseLogLine } from './server-logs.tsx';

describe('server log lines', () => {
  it('a pino line: time, level name, message and the other fields', () => {
    const time = new Date(2026, 0, 2, 3, 4, 5, 6).getTime();
    const line = JSON.stringify({ level: 40, time, pid: 1, hostname: 'gw', reqId: 'r1', msg: 'slow query' });
    expect(parseLogLine(line)).toEqual({
      time: '03:04:05.006',
      level: 'warn',
      msg: 'slow query',
      detail: '{"reqId":"r1"}',
    });
  });

  it('any other text is kept whole', () => {
    expect(parseLogLine('plain text')).toEqual({ time: '', level: '', msg: '', detail: 'plain text' });
    expect(parseLogLine('[1,2]').detail).toBe('[1,2]');
  });
});
