import { Drawer } from 'antd';
import { lazy, Suspense } from 'react';
import { useLanguage, useT } from '../../i18n/index.ts';
import type { RecordFormProps } from './record-form.tsx';
import './texts.ts';

/*
 * The record page's add and edit drawer, loaded when the page has its first data (or at the first
 * click on Add or Edit before that). With the contract's validation and zod, the field controls and
 * the upload, it is some 40 KB Brotli that a list's reload on a slow link no longer waits for
 * (issue 18: bytes and parse time before a module page is usable). Form pages that draw the record
 * form themselves import it as before; their chunk takes it (build/signed-in-chunks.ts: `forms`).
 */

const load = () => import('./record-form.tsx');

/** Starts loading the form's code, once; a failed load is tried again at the drawer's first drawing. */
export function preloadRecordForm(): void {
  load().catch(() => undefined);
}

const LazyForm = lazy(() => load().then((m) => ({ default: m.RecordForm })));

/** The record form's drawer; until its code is in, the same drawer, loading. */
export function RecordFormDrawer(props: RecordFormProps) {
  const t = useT();
  const lang = useLanguage();
  return (
    <Suspense
      fallback={
        <Drawer
          title={t(props.mode === 'add' ? 'res.addTitle' : 'res.editTitle', { title: props.def.title[lang] })}
          open={props.open}
          onClose={props.onClose}
          size={560}
          loading
        />
      }
    >
      <LazyForm {...props} />
    </Suspense>
  );
}
