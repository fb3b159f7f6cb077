import fs from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The bundled icon (public/favicon.svg, some 200 bytes) written into the served HTML as a data:
 * address: on a slow link each request beyond the browser's six at once costs a round trip, and
 * the icon was fetched twice on every cold load (the tab's icon and the sidebar's logo). The
 * sidebar shows the same address (app/branding.ts, bundledIcon). The file stays in public/ for
 * whatever links to it. The Content-Security-Policy allows data: images.
 */
export function inlineFavicon(file: URL): Plugin {
  return {
    name: 'igs-inline-favicon',
    apply: 'build',
    transformIndexHtml(html) {
      const svg = fs.readFileSync(file, 'utf8').trim();
      return html.replace('href="/favicon.svg"', `href="${faviconDataUrl(svg)}"`);
    },
  };
}

/** An SVG as a data: address, escaped for a double-quoted HTML attribute. */
export function faviconDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
