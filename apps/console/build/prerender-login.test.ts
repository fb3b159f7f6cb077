import { describe, expect, it } from 'vitest';
import * as prerender from '../src/start/prerender.tsx';
import { type PrerenderModule, withPrerenderedLogin } from './prerender-login.ts';

const PAGE =
  '<!doctype html><html><head></head><body><div id="app"></div><script type="module" src="/a.js"></script></body></html>';

describe('the served page with the sign-in form prerendered', () => {
  const html = withPrerenderedLogin(PAGE, prerender as unknown as PrerenderModule, '/assets/shell-1.js');
  const doc = new DOMParser().parseFromString(html, 'text/html');

  it('holds the Chinese form in #app and the English one in a template, before any script', () => {
    const app = doc.getElementById('app')!;
    expect(app.querySelector<HTMLInputElement>('input#username')?.placeholder).toBe('用户名');
    expect(app.querySelector('input#password[type="password"]')).not.toBeNull();
    expect(app.querySelector<HTMLButtonElement>('[data-testid="login-submit"]')?.disabled).toBe(true);
    const en = doc.querySelector<HTMLTemplateElement>(`template#${prerender.ENGLISH_TEMPLATE_ID}`)!;
    expect(en.content.querySelector<HTMLInputElement>('input#username')?.placeholder).toBe('Username');
  });

  it('runs the early script right after them, with the shell chunk to preload', () => {
    const script = doc.querySelector('template + script')!;
    expect(script.getAttribute('src')).toBeNull();
    expect(script.textContent).toContain('earlyStart');
    expect(script.textContent).toContain('"shellChunk":"/assets/shell-1.js"');
  });

  it('refuses a page without an empty #app to fill', () => {
    expect(() =>
      withPrerenderedLogin('<div id="root"></div>', prerender as unknown as PrerenderModule, undefined),
    ).toThrow('no <div id="app"></div>');
  });
});
