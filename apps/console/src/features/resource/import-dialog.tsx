import { InboxOutlined } from '@ant-design/icons';
import { resourceCalls } from '@igs/contract/calls';
import {
  acceptOf,
  FILE_FORMATS,
  type FileFormat,
  type FileFormatName,
  fileFormatOf,
  importFormatsOf,
  type ResourceDef,
  TEXT_ENCODING_NAMES,
  TEXT_ENCODINGS,
  type TextEncoding,
} from '@igs/contract/resources';
import { Alert, Button, Flex, Form, Modal, Radio, Select, Statistic, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import type { ImportReply } from './api.ts';
import { useEndpoint } from './api.ts';
import './import-texts.ts';
import './texts.ts';

type Mode = 'append' | 'upsert' | 'replace';
type Format = FileFormatName;

export interface ImportDialogProps {
  def: ResourceDef;
  open: boolean;
  onClose: () => void;
  /** After a real import wrote rows. */
  onImported: () => void;
}

/** The format from the file name (`.vcf` is vCard), when it is one the resource imports. */
export function formatOf(name: string, allowed: readonly Format[]): Format | undefined {
  return fileFormatOf(name, allowed);
}

interface Checked {
  /** The inputs the dry run was made with: a change invalidates it. */
  file: File;
  mode: Mode;
  format: Format;
  /** The encoding the operator chose; undefined: the server's detection. */
  encoding: TextEncoding | undefined;
  reply: ImportReply;
  dryRun: boolean;
}

/**
 * Import in two steps (DOMAIN 3.2): a dry run that writes nothing and reports the counts and the
 * errors by line and field, then the real run, offered only after a clean dry run of exactly the
 * same file, format, mode and encoding. The server imports all or nothing either way. Wherever CSV
 * is offered, Excel (XLSX) is too; a text file's report says which encoding it was read as and
 * offers another, which checks the file again.
 */
export function ImportDialog({ def, open, onClose, onImported }: ImportDialogProps) {
  const t = useT();
  const lang = useLanguage();
  const endpoint = useEndpoint(def);
  const sites = useSiteIds();
  const formats: readonly Format[] = importFormatsOf(def.io);
  const labelOf = (f: Format) => FILE_FORMATS[f].label[lang];
  const uniqueField = def.fields.find((f) => f.unique);
  const modes: Mode[] = uniqueField ? ['append', 'upsert', 'replace'] : ['append', 'replace'];
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<Format>(formats[0] ?? 'csv');
  const [mode, setMode] = useState<Mode>('append');
  const [encoding, setEncoding] = useState<TextEncoding | undefined>(undefined);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);

  const current =
    checked &&
    checked.file === file &&
    checked.mode === mode &&
    checked.format === format &&
    checked.encoding === encoding;
  const canImport = Boolean(current && checked?.dryRun && checked.reply.errors.length === 0);

  const run = async (dryRun: boolean, enc = encoding) => {
    if (!file) return;
    setBusy(true);
    try {
      // Multipart, the file last: the server reads the fields as they stream in.
      const reply = await call(
        resourceCalls(endpoint).import,
        { format, mode, dry_run: dryRun ? '1' : '0', ...(enc ? { encoding: enc } : {}) },
        { files: { file }, sites },
      );
      setChecked({ file, mode, format, encoding: enc, reply, dryRun });
      if (!dryRun && !reply.errors.length) {
        toast.success(t('res.importDone', { inserted: reply.inserted, updated: reply.updated }));
        onImported();
      }
    } catch {
      // Toasted by the request layer (a bad file header, 409 on replace, size limit).
    } finally {
      setBusy(false);
    }
  };

  const reply = current ? checked?.reply : undefined;
  const fieldLabel = (name: string) => def.fields.find((f) => f.name === name)?.label[lang] ?? name;

  return (
    <Modal
      title={t('res.importTitle', { title: def.title[lang] })}
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('res.cancel')}
        </Button>,
        <Button key="dry" disabled={!file} loading={busy} onClick={() => void run(true)}>
          {t('res.dryRun')}
        </Button>,
        <Button key="run" type="primary" disabled={!canImport} loading={busy} onClick={() => void run(false)}>
          {t('res.importRun')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('res.importHint')}</Typography.Paragraph>
      <Form layout="horizontal" labelCol={{ flex: '80px' }}>
        <Form.Item label={t('res.importFile')}>
          <Upload.Dragger
            accept={acceptOf(formats)}
            maxCount={1}
            fileList={
              file
                ? [{ uid: 'import', name: file.name, status: 'done', size: file.size, type: file.type }]
                : []
            }
            beforeUpload={(picked) => {
              setFile(picked);
              setEncoding(undefined); // a new file is read as detected first
              const f = formatOf(picked.name, formats);
              if (f) setFormat(f);
              return false; // sent with the dry run, not on pick
            }}
            onRemove={() => setFile(null)}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {t('res.importPick', { formats: formats.map(labelOf).join(' / ') })}
            </p>
          </Upload.Dragger>
        </Form.Item>
        {formats.length > 1 && (
          <Form.Item label={t('res.importFormat')}>
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value)}
              options={formats.map((f) => ({ value: f, label: labelOf(f) }))}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t('res.importMode')}
          extra={t(`res.mode.${mode}.hint`, { field: uniqueField?.label[lang] ?? '' })}
        >
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={modes.map((m) => ({ value: m, label: t(`res.mode.${m}`) }))}
          />
        </Form.Item>
      </Form>
      {reply && checked && (
        <ImportReport
          reply={reply}
          dryRun={checked.dryRun}
          byLine={Boolean((FILE_FORMATS as Record<string, FileFormat>)[checked.format]?.rowsAreLines)}
          fieldLabel={fieldLabel}
          encoding={encoding}
          busy={busy}
          onEncoding={(enc) => {
            setEncoding(enc);
            void run(true, enc);
          }}
        />
      )}
    </Modal>
  );
}

/** How the file was read: its encoding and how that was known (a choice of another), or its sheet. */
function ReadAs({
  reply,
  encoding,
  busy,
  onEncoding,
}: {
  reply: ImportReply;
  encoding: TextEncoding | undefined;
  busy: boolean;
  onEncoding: (encoding: TextEncoding | undefined) => void;
}) {
  const t = useT();
  if (reply.sheet !== undefined && !reply.encoding)
    return <Typography.Text type="secondary">{t('res.importSheet', { sheet: reply.sheet })}</Typography.Text>;
  if (!reply.encoding) return null;
  const { name, by, gzip } = reply.encoding;
  const said = t('res.importReadAs', { encoding: TEXT_ENCODING_NAMES[name], how: t(`res.importBy.${by}`) });
  return (
    <Flex vertical gap={4} data-testid="import-encoding">
      <Flex gap={12} align="center" wrap>
        <Typography.Text strong>{gzip ? `${said} · ${t('res.importGzip')}` : said}</Typography.Text>
        <Typography.Text type="secondary">{t('res.importEncoding')}</Typography.Text>
        <Select<string>
          aria-label={t('res.importEncoding')}
          style={{ minWidth: 260 }}
          size="small"
          disabled={busy}
          value={encoding ?? ''}
          onChange={(v) => onEncoding(v === '' ? undefined : (v as TextEncoding))}
          options={[
            { value: '', label: t('res.importEncodingAuto') },
            ...TEXT_ENCODINGS.map((e) => ({ value: e, label: t(`res.enc.${e}`) })),
          ]}
        />
      </Flex>
      <Typography.Text type="secondary">{t('res.importEncodingHint')}</Typography.Text>
    </Flex>
  );
}

function ImportReport({
  reply,
  dryRun,
  byLine,
  fieldLabel,
  encoding,
  busy,
  onEncoding,
}: {
  reply: ImportReply;
  dryRun: boolean;
  /** CSV and sheet errors name the file's line or row; other formats' name the record (a JSON item, a vCard). */
  byLine: boolean;
  fieldLabel: (name: string) => string;
  encoding: TextEncoding | undefined;
  busy: boolean;
  onEncoding: (encoding: TextEncoding | undefined) => void;
}) {
  const t = useT();
  const clean = reply.errors.length === 0;
  return (
    <Flex vertical gap={12} data-testid="import-report">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t(dryRun ? 'res.importPreview' : 'res.importResult')}
      </Typography.Title>
      <ReadAs reply={reply} encoding={encoding} busy={busy} onEncoding={onEncoding} />
      <Flex gap={32} wrap>
        <Statistic title={t('res.importTotal')} value={reply.total} />
        <Statistic title={t('res.importInserted')} value={reply.inserted} />
        <Statistic title={t('res.importUpdated')} value={reply.updated} />
        <Statistic title={t('res.importSkipped')} value={reply.skipped} />
        <Statistic
          title={t('res.importErrors')}
          value={reply.errors.length}
          styles={{ content: { color: clean ? undefined : 'var(--ant-color-error)' } }}
        />
      </Flex>
      {clean && reply.notes?.length ? <ImportNotes notes={reply.notes} fieldLabel={fieldLabel} /> : null}
      {clean ? (
        dryRun && <Alert type="success" showIcon title={t('res.importClean')} />
      ) : (
        <>
          <Alert type="error" showIcon title={t('res.importHasErrors')} />
          <Table
            size="small"
            rowKey={(e) => `${e.line}:${e.field}:${e.msg}`}
            dataSource={reply.errors}
            pagination={reply.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
            columns={[
              {
                key: 'line',
                dataIndex: 'line',
                title: t(byLine ? 'res.errLine' : 'res.errRecord'),
                width: 80,
              },
              {
                key: 'field',
                dataIndex: 'field',
                title: t('res.errField'),
                width: 160,
                render: (f: string) => (f ? fieldLabel(f) : '—'),
              },
              { key: 'msg', dataIndex: 'msg', title: t('res.errMsg') },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

/**
 * What a format's own rules left out or changed while the rest is imported (an XMLTV guide's
 * zero-length programmes, a programme cut where the next starts): each row and why, as a warning
 * that does not stop the import.
 */
function ImportNotes({
  notes,
  fieldLabel,
}: {
  notes: NonNullable<ImportReply['notes']>;
  fieldLabel: (name: string) => string;
}) {
  const t = useT();
  return (
    <Flex vertical gap={8} data-testid="import-notes">
      <Alert type="warning" showIcon title={t('res.importNotes', { n: notes.length })} />
      <Table
        size="small"
        rowKey={(e) => `${e.line}:${e.field}:${e.msg}`}
        dataSource={notes}
        pagination={notes.length > 10 ? { pageSize: 10, size: 'small' } : false}
        columns={[
          // The line of the file the note is about (an XMLTV <programme>'s).
          { key: 'line', dataIndex: 'line', title: t('res.errLine'), width: 80 },
          {
            key: 'field',
            dataIndex: 'field',
            title: t('res.errField'),
            width: 160,
            render: (f: string) => (f ? fieldLabel(f) : '—'),
          },
          { key: 'msg', dataIndex: 'msg', title: t('res.noteMsg') },
        ]}
      />
    </Flex>
  );
}
