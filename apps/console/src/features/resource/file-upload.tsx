import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { FieldDef } from '@igs/contract/resources';
import { Button, Flex, Progress, Upload } from 'antd';
import { useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { t as translate, useT } from '../../i18n/index.ts';
import { FileCell } from './cells.tsx';
import { ACCEPT, uploadFile, uploadKindOf } from './upload.ts';
import { useUploadedFiles } from './uploaded-files.ts';
import './texts.ts';

export interface FileUploadProps {
  field: FieldDef;
  value?: string | null;
  onChange?: (id: string | null) => void;
  id?: string;
}

/**
 * A `file` field: uploads on pick with a progress bar and stores the returned upload id. The id
 * is remembered with its URL for this session so the form and the table can show a preview.
 */
export function FileUpload({ field, value, onChange, id }: FileUploadProps) {
  const t = useT();
  const remember = useUploadedFiles((s) => s.remember);
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const kind = uploadKindOf(field);

  const start = (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    uploadFile(file, kind, setPercent, controller.signal)
      .then((uploaded) => {
        remember(uploaded);
        onChange?.(uploaded.id);
      })
      .catch((e: Error) => {
        if (!controller.signal.aborted) toast.error(e.message || translate('msg.networkError'));
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
        {value && (
          <Button icon={<DeleteOutlined />} type="text" danger onClick={() => onChange?.(null)}>
            {t('res.remove')}
          </Button>
        )}
      </Flex>
      {percent !== null && <Progress percent={percent} size="small" />}
    </Flex>
  );
}
