import { describe, expect, it } from 'vitest';
import { withoutInlinedCss } from './inline-start-css.ts';

describe('lazy imports do not fetch the style sheet the page holds inline', () => {
  it('names the start script instead of its style sheet in the preload lists, keeping their indexes', () => {
    const code =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/shell-1.js","assets/start-2.js","assets/start-3.css","assets/shell-4.css"])))=>i.map(i=>d[i]);';
    expect(withoutInlinedCss(code, ['assets/start-3.css'], 'assets/start-2.js')).toBe(
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/shell-1.js","assets/start-2.js","assets/start-2.js","assets/shell-4.css"])))=>i.map(i=>d[i]);',
    );
  });
});
