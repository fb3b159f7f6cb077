import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type Rolldown } from 'vite';
import {
  consoleEntryOf,
  contractFirstCalls,
  contractMenuPages,
  type PageFirstCalls,
  type PagePreloads,
  pagePreloads,
} from './page-preloads.ts';

/** What src/start/prerender.tsx gives the build. */
export interface PrerenderModule {
  renderLogin: (lang: 'zh_CN' | 'en') => string;
  earlyStart: (config: object) => void;
  earlyConfig: (shellChunk: string | undefined, pages?: PagePreloads, calls?: PageFirstCalls) => object;
  handBuiltFirstCalls: () => Parameters<typeof contractFirstCalls>[2];
  ENGLISH_TEMPLATE_ID: string;
}

const EMPTY_APP = '<div id="app"></div>';

/**
 * The served page with the sign-in form already in it (issue 18 item 2): `#app` holds the form in
 * Chinese (the default language: what a browser without script, or one that asks for Chinese,
 * shows), a <template> the English one, and the early script (src/start/early-script.ts) picks
 * between them, takes the form out for a signed-in visitor, and starts the copyright and captcha
 * calls. start/main.tsx then hydrates the form with the same component.
 */
export function withPrerenderedLogin(
  html: string,
  mod: PrerenderModule,
  shellChunk: string | undefined,
  pages?: PagePreloads,
  calls?: PageFirstCalls,
): string {
  if (!html.includes(EMPTY_APP))
    throw new Error(`index.html has no ${EMPTY_APP} to prerender the sign-in page into`);
  const zh = mod.renderLogin('zh_CN');
  const en = mod.renderLogin('en');
  const config = JSON.stringify(mod.earlyConfig(shellChunk, pages, calls));
  // A script cannot end the element early unless its text holds "</script": none of ours does.
  const script = `(${mod.earlyStart.toString()})(${config});`;
  if (/<\/script/i.test(script)) throw new Error('the early script holds "</script"');
  return html.replace(
    EMPTY_APP,
    `<div id="app">${zh}</div><template id="${mod.ENGLISH_TEMPLATE_ID}">${en}</template><script>${script}</script>`,
  );
}

/** The file name of the signed-in shell's chunk (build/signed-in-chunks.ts), if the build has one. */
function shellChunkOf(bundle: Rolldown.OutputBundle | undefined): string | undefined {
  for (const item of Object.values(bundle ?? {}))
    if (item.type === 'chunk' && item.name === 'shell') return `/${item.fileName}`;
  return undefined;
}

/**
 * Renders src/start/prerender.tsx in Node through a Vite server of its own (the console's modules as
 * the browser gets them, JSX and all), and writes its output into the built index.html.
 */
export function prerenderLogin(): Plugin {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return {
    name: 'igs-prerender-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          plugins: [react()],
          server: { middlewareMode: true, hmr: false, ws: false },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        try {
          const mod = (await server.ssrLoadModule('/src/start/prerender.tsx')) as PrerenderModule;
          const menu = await contractMenuPages();
          const entryOf = consoleEntryOf(root, menu.recordComponents);
          const preloads = pagePreloads(Object.values(ctx.bundle ?? {}), menu.pages, entryOf);
          const calls = contractFirstCalls(root, menu, mod.handBuiltFirstCalls());
          return withPrerenderedLogin(html, mod, shellChunkOf(ctx.bundle), preloads, calls);
        } finally {
          await server.close();
        }
      },
    },
  };
}
