import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryModules, signedInGroups } from './signed-in-chunks.ts';

const SRC = '/repo/apps/console/src';
const NM = '/repo/node_modules';

/** A first-pass chunk: its modules (all rendered) and the chunks it imports statically. */
function chunk(
  fileName: string,
  modules: string[],
  imports: string[] = [],
  kind: { entry?: boolean; facade?: string } = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    isEntry: Boolean(kind.entry),
    isDynamicEntry: Boolean(kind.facade),
    facadeModuleId: kind.facade ?? (kind.entry ? modules[0] : null),
    imports,
    modules: Object.fromEntries(modules.map((id) => [id, { renderedLength: 10 }])),
  } as unknown as Rolldown.OutputChunk;
}

describe('signed-in chunk groups', () => {
  const chunks = new Map(
    [
      chunk('index.js', [`${SRC}/main.tsx`, `${NM}/react/index.js`], [], { entry: true }),
      chunk('layout.js', [`${SRC}/layout/index.tsx`], ['button.js', 'index.js'], {
        facade: `${SRC}/layout/index.tsx`,
      }),
      chunk('button.js', [`${NM}/antd/es/button/index.js`]),
      chunk('record.js', [`${SRC}/features/resource/resource-module-page.tsx`], ['picker.js', 'button.js'], {
        facade: `${SRC}/features/resource/resource-module-page.tsx`,
      }),
      chunk('picker.js', [`${NM}/@rc-component/picker/es/index.js`]),
      chunk('dhcp.js', [`${SRC}/pages/system/Dhcp.tsx`], ['sys-helper.js', 'transfer.js', 'button.js'], {
        facade: `${SRC}/pages/system/Dhcp.tsx`,
      }),
      chunk('dns.js', [`${SRC}/pages/system/Dns.tsx`], ['sys-helper.js', 'shared.js'], {
        facade: `${SRC}/pages/system/Dns.tsx`,
      }),
      chunk('sys-helper.js', [`${SRC}/pages/system/nic-form.tsx`, `${SRC}/pages/system/dhcp.css`]),
      chunk('transfer.js', [`${NM}/antd/es/transfer/index.js`]),
      chunk('voice.js', [`${SRC}/pages/voice/Ivr.tsx`], ['shared.js', 'echarts.js'], {
        facade: `${SRC}/pages/voice/Ivr.tsx`,
      }),
      chunk('shared.js', [`${SRC}/features/tree/tree.tsx`]),
      chunk('echarts.js', [`${NM}/echarts/core.js`]),
    ].map((c) => [c.fileName, c]),
  );
  const start = entryModules(chunks);
  const { chunkOf } = signedInGroups(chunks, start);

  it('leaves what the entry loads to the start chunk', () => {
    expect(start).toEqual(new Set([`${SRC}/main.tsx`, `${NM}/react/index.js`]));
    expect(chunkOf.has(`${SRC}/main.tsx`)).toBe(false);
  });

  it('puts the layout and what it loads in the shell, the record page beyond it in records', () => {
    expect(chunkOf.get(`${SRC}/layout/index.tsx`)).toBe('shell');
    expect(chunkOf.get(`${NM}/antd/es/button/index.js`)).toBe('shell');
    expect(chunkOf.get(`${SRC}/features/resource/resource-module-page.tsx`)).toBe('records');
    expect(chunkOf.get(`${NM}/@rc-component/picker/es/index.js`)).toBe('records');
  });

  it('groups each area, shares what several areas load, antd with the records', () => {
    expect(chunkOf.get(`${SRC}/pages/system/Dhcp.tsx`)).toBe('area-system');
    expect(chunkOf.get(`${SRC}/pages/system/Dns.tsx`)).toBe('area-system');
    expect(chunkOf.get(`${SRC}/pages/system/nic-form.tsx`)).toBe('area-system');
    expect(chunkOf.get(`${SRC}/pages/voice/Ivr.tsx`)).toBe('area-voice');
    expect(chunkOf.get(`${SRC}/features/tree/tree.tsx`)).toBe('records');
    expect(chunkOf.get(`${NM}/antd/es/transfer/index.js`)).toBe('records');
  });

  it('puts style sheets with the shell and leaves other packages only pages load alone', () => {
    expect(chunkOf.get(`${SRC}/pages/system/dhcp.css`)).toBe('shell');
    expect(chunkOf.has(`${NM}/echarts/core.js`)).toBe(false);
  });
});
