import { Drawer } from 'antd';
import { Suspense, useState } from 'react';
import { useLanguage, useT } from '../../i18n/index.ts';
import { DialogLoadBoundary, retryableLazy } from '../dialogs/dialog-load-boundary.tsx';
import type { RecordFormProps } from './record-form.tsx';
import './texts.ts';

/*
 * The record page's add and edit drawer, loaded when the page has its first data (or at the first
 * click on Add or Edit before that). With the contract's validation and zod, the field controls and
 * the upload, it is some 26 KB Brotli that a list's reload on a slow link no longer waits for
 * (issue 18: bytes and parse time before a module page is usable). Form pages that draw the record
 * form themselves import it as before; their chunk takes it (build/signed-in-chunks.ts:
 * `record-forms`). Its code failing to load (a dropped link, a redeploy's new chunk names) shows
 * the drawer's title with a retry, never the route's error screen.
 */

const load = () => import('./record-form.tsx');

/** Starts loading the form's code, once; a failed load is tried again at the drawer's next drawing. */
export function preloadRecordForm(): void {
  load().catch(() => undefined);
}

const Form = retryableLazy(() => load().then((m) => m.RecordForm));

/** The record form's drawer; until its code is in, the same drawer, loading. */
export function RecordFormDrawer(props: RecordFormProps) {
  const t = useT();
  const lang = useLanguage();
  const [attempt, setAttempt] = useState(0);
  const LazyForm = Form.get();
  const title = t(props.mode === 'add' ? 'res.addTitle' : 'res.editTitle', { title: props.def.title[lang] });
  return (
    <DialogLoadBoundary
      key={attempt}
      title={title}
      open={props.open}
      forced={false}
      onRetry={() => setAttempt((n) => n + 1)}
      onClose={props.onClose}
    >
      <Suspense
        fallback={
          <Drawer
            title={title}
            open={props.open}
            onClose={props.onClose}
            // Closed before the code came: the page drops this form, as after the form's own close.
            afterOpenChange={(visible) => {
              if (!visible) props.afterClose?.();
            }}
            size={560}
            loading
          />
        }
      >
        <LazyForm {...props} />
      </Suspense>
    </DialogLoadBoundary>
  );
}
