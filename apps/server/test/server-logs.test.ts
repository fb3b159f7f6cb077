import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDailyLogStream } from '../src/features/server-logs/log-file.ts';
import {
  isLogDate,
  listLogFiles,
  localDate,
  logFilePath,
  pageLines,
  purgeOldLogs,
  tailLines,
} from '../src/features/server-logs/log-files.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';
import { until } from './support/waiting.ts';

const LOGGING = '/admin.php/system/logging';
const DAY = 86_400_000;

const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

describe('server log files', () => {
  it('dates are strict: real calendar days only, nothing that could be a path', () => {
    for (const ok of ['2026-01-31', '2024-02-29']) expect(isLogDate(ok), ok).toBe(true);
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-1-1',
      '2026-13-01',
      '../../etc/passwd',
      '2026-01-01/../x',
      '2026-01-01.log',
      '',
      20260101,
      null,
    ])
      expect(isLogDate(bad), String(bad)).toBe(false);
    expect(() => logFilePath('/x', '../etc')).toThrow();
    expect(logFilePath('/x', '2026-03-04')).toBe('/x/server-2026-03-04.log');
  });

  it('one file per local day, and files older than the kept days are deleted at the change of day', async () => {
    const dir = tmp('igs-logs-');
    try {
      fs.mkdirSync(dir, { recursive: true });
      let now = new Date(2026, 2, 10, 23, 59, 0).getTime();
      // Files from before: 2026-03-01 is 10 days old on 03-11, beyond a 7-day keep.
      for (const d of ['2026-03-01', '2026-03-05'])
        fs.writeFileSync(path.join(dir, `server-${d}.log`), 'old\n');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a log');
      const echoed: string[] = [];
      const stream = createDailyLogStream({
        dir,
        now: () => now,
        echo: { write: (l) => echoed.push(l) },
        keepDays: async () => 7,
      });
      stream.write('{"level":30,"msg":"before midnight"}\n');
      now += 2 * 60_000;
      stream.write('{"level":40,"msg":"after midnight"}\n');
      stream.close();
      // The writes land and the purge runs beside them, asynchronously: a fixed 50 ms wait failed
      // on a loaded machine (load average 10).
      const day = (d: string) => path.join(dir, `server-${d}.log`);
      await until(
        'both days written and the 10-day-old file purged',
        () =>
          !fs.existsSync(day('2026-03-01')) &&
          fs.existsSync(day('2026-03-11')) &&
          fs.readFileSync(day('2026-03-11'), 'utf8').endsWith('\n'),
      );
      expect(echoed).toHaveLength(2);
      expect(fs.readFileSync(path.join(dir, 'server-2026-03-10.log'), 'utf8')).toBe(
        '{"level":30,"msg":"before midnight"}\n',
      );
      expect(fs.readFileSync(path.join(dir, 'server-2026-03-11.log'), 'utf8')).toBe(
        '{"level":40,"msg":"after midnight"}\n',
      );
      expect((await listLogFiles(dir)).map((f) => f.date)).toEqual([
        '2026-03-11',
        '2026-03-10',
        '2026-03-05',
      ]);
      expect(fs.existsSync(path.join(dir, 'notes.txt'))).toBe(true);
      expect(await purgeOldLogs(dir, 1, now)).toEqual(['server-2026-03-10.log', 'server-2026-03-05.log']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tail reads only the end of a large file; pages go either way with filters', async () => {
    const dir = tmp('igs-logs-');
    try {
      const file = path.join(dir, 'server-2026-01-01.log');
      const lines = Array.from({ length: 5000 }, (_, i) =>
        JSON.stringify({ level: i % 10 === 0 ? 50 : 30, msg: `line ${i + 1} ${'x'.repeat(40)}` }),
      );
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      const tail = await tailLines(file, 3);
      expect(tail.whole_file).toBe(false);
      expect(tail.lines.map((l) => JSON.parse(l.text).msg.split(' ')[1])).toEqual(['4998', '4999', '5000']);
      const small = path.join(dir, 'small.log');
      fs.writeFileSync(small, 'a\nb\nc\n');
      expect(await tailLines(small, 2)).toMatchObject({
        whole_file: true,
        lines: [
          { n: 2, text: 'b' },
          { n: 3, text: 'c' },
        ],
      });
      expect((await tailLines(small, 10)).lines).toHaveLength(3);

      const asc = await pageLines(file, { page: 2, limit: 10, order: 'asc' });
      expect(asc.total).toBe(5000);
      expect(asc.lines.map((l) => l.n)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
      const desc = await pageLines(file, { page: 1, limit: 3, order: 'desc' });
      expect(desc.lines.map((l) => l.n)).toEqual([5000, 4999, 4998]);
      const errors = await pageLines(file, { page: 1, limit: 2, order: 'desc', level: 'error' });
      expect(errors.total).toBe(500);
      expect(errors.lines.map((l) => l.n)).toEqual([4991, 4981]);
      const kw = await pageLines(file, { page: 1, limit: 5, order: 'asc', keyword: 'LINE 4242 ' });
      expect(kw).toMatchObject({ total: 1, lines: [{ n: 4242 }] });
      expect((await pageLines(file, { page: 999, limit: 10, order: 'asc' })).lines).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDb('server logs over HTTP', (kind) => {
  let s: TestServer;
  let admin: string;
  let dataDir: string;
  let logs: string;
  const today = localDate(Date.now());
  const old = localDate(Date.now() - 10 * DAY);
  const expired = localDate(Date.now() - 40 * DAY);

  beforeAll(async () => {
    dataDir = tmp('igs-logdata-');
    logs = path.join(dataDir, 'logs');
    fs.mkdirSync(logs, { recursive: true });
    fs.writeFileSync(path.join(logs, `server-${old}.log`), '{"level":30,"msg":"ten days ago"}\n');
    fs.writeFileSync(path.join(logs, `server-${expired}.log`), '{"level":30,"msg":"forty days ago"}\n');
    // No logger passed: the server's own logger setup (stdout and the daily file) is what runs.
    s = await startServer(kind, { dataDir, logLevel: 'info' }, { logger: undefined });
    admin = await s.login();
    s.app.log.info({ probe: kind }, 'server log probe');
    s.app.log.warn('server log warning');
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("the server's pino log is written to logs/server-YYYY-MM-DD.log and listed", async () => {
    const text = fs.readFileSync(path.join(logs, `server-${today}.log`), 'utf8');
    expect(text).toContain('"msg":"server log probe"');
    // The first line of the day deleted what is older than the 14 days kept by default.
    // The purge runs in the background after that line: wait for it rather than race it.
    await expect
      .poll(() => fs.existsSync(path.join(logs, `server-${expired}.log`)), { timeout: 10_000 })
      .toBe(false);
    const r = await s.call<{ list: { date: string; size: number }[]; keep_days: number }>(
      LOGGING,
      { method: 'server_logs' },
      { token: admin },
    );
    expect(r.code).toBe(200);
    expect(r.data.keep_days).toBe(14);
    expect(r.data.list.map((f) => f.date)).toEqual([today, old]);
    expect(r.data.list[0]!.size).toBeGreaterThan(0);
  });

  it('tail and pages of one day', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field
    const tail = await s.call<any>(
      LOGGING,
      { method: 'server_log', date: today, mode: 'tail', lines: 6 },
      { token: admin },
    );
    expect(tail.code).toBe(200);
    expect(tail.data.lines.length).toBeLessThanOrEqual(6);
    // The calls' own access-log lines ("request") are interleaved with the lines written here.
    const written = tail.data.lines
      .map((l: { text: string }) => JSON.parse(l.text).msg)
      .filter((msg: string) => msg !== 'request');
    expect(written.slice(-2)).toEqual(['server log probe', 'server log warning']);
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field
    const warn = await s.call<any>(
      LOGGING,
      { method: 'server_log', date: today, mode: 'page', level: 'warn' },
      { token: admin },
    );
    expect(warn.data.total).toBe(1);
    expect(warn.data.lines[0].text).toContain('server log warning');
  });

  it('download: a single-use URL serving the file', async () => {
    const r = await s.call<{ url: string }>(
      LOGGING,
      { method: 'server_log_download', date: today },
      { token: admin },
    );
    expect(r.code).toBe(200);
    const res = await fetch(s.url + r.data.url);
    expect(res.headers.get('content-disposition')).toContain(`server-${today}.log`);
    expect(await res.text()).toContain('server log probe');
    expect((await fetch(s.url + r.data.url)).status).toBe(404);
  });

  it('names that are not a day are refused before any file is touched; an absent day is 404', async () => {
    for (const date of ['../../etc/passwd', '2026-02-30', `${today}/../x`, `server-${today}.log`, '', 5]) {
      for (const method of ['server_log', 'server_log_download']) {
        const r = await s.call(
          LOGGING,
          { method, date },
          { token: admin, headers: { 'accept-language': 'en' } },
        );
        expect(r.code, `${method} ${date}`).toBe(422);
        expect(r.msg).toBe('date must be a day as YYYY-MM-DD');
      }
    }
    expect((await s.call(LOGGING, { method: 'server_log', date: '2001-01-01' }, { token: admin })).code).toBe(
      404,
    );
    expect(
      (await s.call(LOGGING, { method: 'server_log', date: today, lines: 5000 }, { token: admin })).code,
    ).toBe(422);
    expect(
      (await s.call(LOGGING, { method: 'server_log', date: today, mode: 'head' }, { token: admin })).code,
    ).toBe(422);
    const zh = await s.call(
      LOGGING,
      { method: 'server_log', date: 'x' },
      { token: admin, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.msg).toContain('日期');
  });

  it('days kept: validated, saved, and older files deleted at once', async () => {
    for (const bad of [0, 366, 'ten', undefined]) {
      expect(
        (await s.call(LOGGING, { method: 'server_log_config_form', keep_days: bad }, { token: admin })).code,
      ).toBe(422);
    }
    expect(fs.existsSync(path.join(logs, `server-${old}.log`))).toBe(true);
    const r = await s.call<{ removed: string[] }>(
      LOGGING,
      { method: 'server_log_config_form', keep_days: 5 },
      { token: admin },
    );
    expect(r.code).toBe(200);
    expect(r.data.removed).toEqual([`server-${old}.log`]);
    expect(fs.existsSync(path.join(logs, `server-${old}.log`))).toBe(false);
    expect((await s.call(LOGGING, { method: 'server_log_config' }, { token: admin })).data).toEqual({
      keep_days: 5,
    });
  });

  it('permissions: the log menu to read, export to download, edit to change the days kept', async () => {
    const none = await accountWith(s, `nolog_${kind}`, ['/admin.php/system/running'], []);
    for (const method of ['server_logs', 'server_log', 'server_log_download', 'server_log_config'])
      expect((await s.call(LOGGING, { method, date: today }, { token: none })).code, method).toBe(403);
    const reader = await accountWith(s, `logread_${kind}`, [LOGGING], []);
    expect((await s.call(LOGGING, { method: 'server_logs' }, { token: reader })).code).toBe(200);
    expect((await s.call(LOGGING, { method: 'server_log', date: today }, { token: reader })).code).toBe(200);
    const dl = await s.call(LOGGING, { method: 'server_log_download', date: today }, { token: reader });
    expect(dl.code).toBe(403);
    expect(dl.msg).toContain('system:logging:export');
    const cfg = await s.call(LOGGING, { method: 'server_log_config_form', keep_days: 3 }, { token: reader });
    expect(cfg.code).toBe(403);
    expect(cfg.msg).toContain('system:logging:edit');
    expect((await s.call(LOGGING, { method: 'server_log_config' }, { token: admin })).data).toEqual({
      keep_days: 5,
    });
    const exporter = await accountWith(s, `logexport_${kind}`, [LOGGING], ['system:logging:export']);
    expect(
      (await s.call(LOGGING, { method: 'server_log_download', date: today }, { token: exporter })).code,
    ).toBe(200);
  });
});
