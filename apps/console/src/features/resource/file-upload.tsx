import { DeleteOutlined, FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import type { FieldDef } from '@igs/contract/resources';
import { Button, Flex, Progress, Upload } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { t as translate, useT } from '../../i18n/index.ts';
import { isRequestError } from '../../request/index.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { FileCell } from './cells.tsx';
import { ACCEPT, uploadFile, uploadKindOf } from './upload.ts';
import { useUploadedFiles } from './uploaded-files.ts';
import './texts.ts';
import '../resource-picker/picker-texts.ts';

// The library opens in a chunk of its own: most forms are saved without it.
const ResourcePicker = lazy(() => import('../resource-picker/resource-picker.tsx'));

export interface FileUploadProps {
  field: FieldDef;
  value?: string | null;
  onChange?: (id: string | null) => void;
  id?: string;
}

/**
 * A `file` field: uploads on pick with a progress bar and stores the returned upload id, or
 * chooses a file already in the library (the ResourcePicker, DOMAIN 1.2) of the field's kind. The
 * id is remembered with its URL for this session so the form and the table can show a preview.
 */
export function FileUpload({ field, value, onChange, id }: FileUploadProps) {
  const t = useT();
  const remember = useUploadedFiles((s) => s.remember);
  const [percent, setPercent] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  // Mounted from the first opening on, so the picker keeps its folder while the form is open.
  const [pickerLoaded, setPickerLoaded] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const kind = uploadKindOf(field);
  const sites = useSiteIds();

  const start = (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    uploadFile(file, kind, setPercent, { signal: controller.signal, sites })
      .then((uploaded) => {
        remember(uploaded);
        onChange?.(uploaded.id);
      })
      .catch((e: Error) => {
        // The request layer has shown a refusal or a network failure (and says nothing of a cancel).
        if (!controller.signal.aborted && !(isRequestError(e) && e.notified))
          toast.error(e.message || translate('msg.networkError'));
      })
      .finally(() => {
        if (abort.current === controller) setPercent(null);
      });
  };

  return (
    <Flex vertical gap={8} id={id}>
      <Flex gap={8} align="center" wrap>
        {value ? <FileCell value={value} size={64} /> : null}
        <Upload
          accept={ACCEPT[kind]}
          showUploadList={false}
          maxCount={1}
          // Upload ourselves: the server wants `kind` before the file, and we want the id only.
          beforeUpload={(file) => {
            start(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {value ? t('res.uploadReplace') : t('res.upload')}
          </Button>
        </Upload>
        <Button
          icon={<FolderOpenOutlined />}
          onClick={() => {
            setPickerLoaded(true);
            setPicking(true);
          }}
        >
          {t('picker.open')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} type="text" danger onClick={() => onChange?.(null)}>
            {t('res.remove')}
          </Button>
        )}
      </Flex>
      {percent !== null && <Progress percent={percent} size="small" />}
      {pickerLoaded && (
        <Suspense fallback={null}>
          <ResourcePicker
            open={picking}
            kind={kind}
            onClose={() => setPicking(false)}
            onPick={(file) => {
              setPicking(false);
              onChange?.(file.id);
            }}
          />
        </Suspense>
      )}
    </Flex>
  );
}
