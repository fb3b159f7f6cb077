import type { Plugin } from 'vite';

/**
 * The start chunk's style sheet (some 3 KB compressed) written into the served HTML as a <style>
 * element instead of a <link>: a style sheet blocks the first paint, and on a slow link fetching it
 * is a round trip of its own (issue 18: the sign-in page and every reload of a signed-in page
 * load it). The Content-Security-Policy allows inline styles (antd writes its own at run time).
 * The file stays in assets/ for whatever still links to it.
 */
export function inlineStartCss(): Plugin {
  return {
    name: 'igs-inline-start-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset') return link;
            const css =
              typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
            // A style sheet cannot end the element early unless it holds "</style": escape the slash.
            return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
          },
        );
      },
    },
  };
}
