import { FileOutlined } from '@ant-design/icons';
import { resourceCalls } from '@igs/contract/calls';
import type { ResourceDef } from '@igs/contract/resources';
import { Image, Space, Tag, Tooltip, Typography } from 'antd';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { resourceKeys, useEndpoint } from './api.ts';
import { isImage, useUploadedFile } from './uploaded-files.ts';
import { type RefOwner, useRefOptions } from './use-ref-options.ts';
import './texts.ts';

/** Shown for an empty value in a cell. */
export const EMPTY = '—';

/** References by the referenced records' labels (their `options`); an unknown id stays `#id`. */
export function RefCell({
  refName,
  value,
  owner,
}: {
  refName: string | undefined;
  value: unknown;
  /** The record's resource and field, for references this mode has no endpoint of (use-ref-options.ts). */
  owner?: RefOwner;
}) {
  const { labels } = useRefOptions(refName, owner);
  const ids = (Array.isArray(value) ? value : value == null || value === '' ? [] : [value]).map(Number);
  if (!ids.length) return <>{EMPTY}</>;
  return (
    <Space size={[0, 4]} wrap>
      {ids.map((id) => (
        <Tag key={id}>{labels.get(id) ?? `#${id}`}</Tag>
      ))}
    </Space>
  );
}

/**
 * A stored upload id: a thumbnail, a player for sounds and videos, else the file's name (lists carry
 * their files' links: use-resource-list.ts), or a short id for a file this session does not know.
 */
export function FileCell({ value, size = 32 }: { value: unknown; size?: number }) {
  const t = useT();
  const file = useUploadedFile(value);
  if (typeof value !== 'string' || !value) return <>{EMPTY}</>;
  if (file && isImage(file) && file.url)
    return <Image src={file.url} alt={file.name} width={size} height={size} style={{ objectFit: 'cover' }} />;
  // Sounds and videos play where they are listed; nothing loads until the operator presses play.
  if (file?.url && file.mime?.startsWith('audio/'))
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded prompts and music carry no caption track
      <audio controls preload="none" src={file.url} title={file.name} style={{ height: 32, maxWidth: 220 }} />
    );
  if (file?.url && file.mime?.startsWith('video/'))
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded films carry no caption track
      <video
        controls
        preload="none"
        src={file.url}
        title={file.name}
        style={{ width: size * 4, maxWidth: 240 }}
      />
    );
  return (
    <Typography.Text ellipsis style={{ maxWidth: 160 }} title={file?.name ?? value}>
      <FileOutlined /> {file?.name ?? t('res.file', { id: value.slice(0, 8) })}
    </Typography.Text>
  );
}

/**
 * A picture named by its link (a channel's tvg-logo): shown small as the server fetched it (the
 * console loads no picture from elsewhere), the link on hover; the link as text where it gives no
 * picture. Fetched once a link, kept for the session.
 */
export function ThumbnailCell({
  def,
  field,
  id,
  link,
}: {
  def: ResourceDef;
  field: string;
  id: number;
  link: string;
}) {
  const endpoint = useEndpoint(def);
  const { data } = useScopedQuery({
    queryKey: [...resourceKeys.all(def.name), 'thumbnail', endpoint, id, field, link],
    queryFn: ({ sites }) => call(resourceCalls(endpoint).thumbnail, { id, field }, { loading: false, sites }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (data?.data_url)
    return (
      <Tooltip title={link}>
        <Image src={data.data_url} alt="" width={32} height={32} style={{ objectFit: 'contain' }} />
      </Tooltip>
    );
  return (
    <Typography.Text ellipsis={{ tooltip: link }} style={{ maxWidth: 120 }}>
      {link}
    </Typography.Text>
  );
}
