import type { Plugin, Rolldown } from 'vite';

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
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const start = Object.values(bundle).find(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk' && item.name === 'start',
        );
        const css = [...(start?.viteMetadata?.importedCss ?? [])];
        if (!start || css.length === 0) return;
        for (const item of Object.values(bundle))
          if (item.type === 'chunk' && item !== start && item.code.includes('__vite__mapDeps'))
            item.code = withoutInlinedCss(item.code, css, start.fileName);
      },
    },
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

/**
 * Lazy imports must not fetch the style sheet the page holds inline. Vite's preload lists, with
 * each lazy import, the style sheets of the chunks it loads, the start chunk's among them, and
 * fetches each one it finds no <link> for: with the router and the signed-in shell loaded lazily
 * (issue 18 item 2) that was one request more on every deep link. Each such entry of a
 * `__vite__mapDeps` list is replaced by the start chunk's script, which the same list names
 * already (the preload skips a name it has seen) and the page has loaded; the list keeps its
 * length, so the indexes into it stay right.
 */
export function withoutInlinedCss(code: string, startCss: readonly string[], startJs: string): string {
  let out = code;
  for (const css of startCss) out = out.replaceAll(JSON.stringify(css), JSON.stringify(startJs));
  return out;
}
