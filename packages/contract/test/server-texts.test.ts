import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import {
  fill,
  issueKey,
  keepLocalized,
  keepText,
  keyedIssue,
  listText,
  placeholders,
  say,
  serverTexts,
  storedLines,
  storedText,
  texts,
} from '../src/server-texts/index.ts';
import { sectionList } from '../src/server-texts/sections.ts';

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
const entries = Object.entries(serverTexts) as [string, { en: string; zh_CN: string }][];

/** The placeholder names of a template, sorted, each once. */
const names = (t: string) => [...new Set(placeholders(t).map((p) => p.name))].sort();

describe('the server text catalogue', () => {
  it('has every entry in both languages', () => {
    const missing = entries.filter(([, e]) => !e.en?.trim() || !e.zh_CN?.trim()).map(([k]) => k);
    expect(missing).toEqual([]);
  });

  it('gives each entry the same parameters in both languages', () => {
    const differ = entries
      .filter(([, e]) => names(e.en).join() !== names(e.zh_CN).join())
      .map(([k, e]) => `${k}: [${names(e.en)}] / [${names(e.zh_CN)}]`);
    expect(differ).toEqual([]);
  });

  it('names parameters as identifiers and writes no stray braces', () => {
    const bad: string[] = [];
    for (const [k, e] of entries)
      for (const t of [e.en, e.zh_CN]) {
        for (const p of placeholders(t))
          if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(p.name)) bad.push(`${k}: {${p.name}}`);
        const bare = t.replace(/\{[^{}]*\}/g, '');
        if (/[{}]/.test(bare)) bad.push(`${k}: stray brace in "${t}"`);
      }
    expect(bad).toEqual([]);
  });

  it('writes English without Chinese, and Chinese texts in Chinese', () => {
    const mixed = entries.filter(([, e]) => CJK.test(e.en)).map(([k]) => k);
    expect(mixed).toEqual([]);
    // A Chinese text without a Chinese character is a product name or a code, the same in English.
    const untranslated = entries
      .filter(([, e]) => !CJK.test(e.zh_CN) && e.zh_CN !== e.en && /[A-Za-z]{4,}/.test(e.zh_CN))
      .map(([k, e]) => `${k}: ${e.zh_CN}`);
    expect(untranslated).toEqual([]);
  });

  it('counts in English with plural forms, never "(s)"', () => {
    expect(entries.filter(([, e]) => /\w\(s\)/.test(e.en)).map(([k]) => k)).toEqual([]);
    const plurals = entries.flatMap(([k, e]) =>
      placeholders(e.en)
        .filter((p) => p.forms && p.forms.length !== 2)
        .map(() => k),
    );
    expect(plurals).toEqual([]);
  });

  it('defines each key once, under its area', () => {
    const all = Object.values(sectionList).flatMap((s) => Object.keys(s));
    expect(all.length).toBe(new Set(all).size);
    expect(all.filter((k) => k in messages)).toEqual([]);
    for (const [name, section] of Object.entries(sectionList)) {
      const prefixes = new Set(Object.keys(section).map((k) => k.split('.')[0]));
      expect([...prefixes], name).toHaveLength(1);
    }
  });
});

describe('say', () => {
  it('fills parameters and picks the English plural form', () => {
    expect(say('en', 'auth.locked', { minutes: 1 })).toBe(
      'Too many failed sign-in attempts; try again in 1 minute',
    );
    expect(say('en', 'auth.locked', { minutes: 15 })).toBe(
      'Too many failed sign-in attempts; try again in 15 minutes',
    );
    expect(say('zh_CN', 'auth.locked', { minutes: 15 })).toBe('登录失败次数过多，请在15分钟后再试');
  });

  it('takes a parameter given in both languages in the caller’s', () => {
    const what = { en: 'extension', zh_CN: '分机' };
    expect(say('zh_CN', 'voice.callOwner', { what, target: '8001' })).toBe('呼叫分机8001');
    expect(say('en', 'voice.callOwner', { what, target: '8001' })).toBe('Call extension 8001');
    expect(texts('common.fieldProblem', { field: 'a', problem: listText(['x', 'y']) })).toEqual({
      en: 'a: x, y',
      zh_CN: 'a：x、y',
    });
  });

  it('leaves a missing parameter visible and shows an empty one as nothing', () => {
    expect(fill('a {x} b', {}, 'en')).toBe('a {x} b');
    expect(fill('a {x} b', { x: undefined }, 'en')).toBe('a  b');
    expect(fill('{n|# error|# errors}', { n: 0 }, 'en')).toBe('0 errors');
    expect(fill('{n|# error|# errors}', { n: 1 }, 'en')).toBe('1 error');
  });
});

describe('kept texts', () => {
  it('are rendered in the reader’s language, other texts pass through', () => {
    const kept = keepText('auth.locked', { minutes: 2 });
    expect(storedText(kept, 'zh_CN')).toBe('登录失败次数过多，请在2分钟后再试');
    expect(storedText(kept, 'en')).toBe('Too many failed sign-in attempts; try again in 2 minutes');
    expect(storedText('heartbeat from 10.0.0.5', 'zh_CN')).toBe('heartbeat from 10.0.0.5');
    const both = keepLocalized({ en: 'No', zh_CN: '否' });
    expect([storedText(both, 'en'), storedText(both, 'zh_CN')]).toEqual(['No', '否']);
    expect(storedText('{"$t":"no.such.key"}', 'en')).toBe('{"$t":"no.such.key"}');
    expect(storedLines(`${keepText('common.timedOut')}\nraw output`, 'zh_CN')).toBe('超时\nraw output');
  });

  it('schema messages name their key', () => {
    expect(issueKey(keyedIssue('passwordRequired'))).toBe('passwordRequired');
    expect(issueKey('password is required')).toBeNull();
  });
});
