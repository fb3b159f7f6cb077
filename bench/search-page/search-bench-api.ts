import type { Lang } from '@igs/contract';

/** What the header-search page (entry.tsx) offers the bench driving it (search-browser.ts). */
declare global {
  interface Window {
    searchBench: {
      /** Mounts a closed search over the menu; resolves with the number of menu pages. */
      show(menu: 'real' | 'synthetic', lang: Lang): Promise<number>;
      takeKeystrokes(): number[];
      /** Keystrokes timed since the last take. */
      timed(): number;
      /** Per keystroke: [from the event's creation to its dispatch, React's render time, the rest]. */
      takeParts(): number[][];
      options(): string[];
    };
  }
}
