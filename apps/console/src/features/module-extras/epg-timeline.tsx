import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Popover,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { i18n, type Lang, useLanguage, useT } from '../../i18n/index.ts';
import { DatePicker } from '../date-pickers/lazy-pickers.tsx';
import { api, type ResourceRecord, resourceKeys, useEndpoint } from '../resource/api.ts';
import { enumLabel } from '../resource/columns.tsx';
import { RecordForm } from '../resource/record-form.tsx';
import { useRefOptions } from '../resource/use-ref-options.ts';
import { useResourceButtons } from '../resource/use-resource-buttons.ts';
import './record-views.css';
import './record-views-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

/**
 * The EPG as a timeline (media/Epg, issue 13 item 2), under its table: one row per channel, the
 * day's programmes as blocks along 24 hours, the one on air marked, a line at the current time.
 * A block opens the programme's details, and its form where the role may edit. Programmes come
 * from the list call (those overlapping the day, by start), so an edit in the table shows here.
 */

const epg = resourceByName('media:epg') as ResourceDef;
const sourceField = epg.fields.find((f) => f.name === 'source')!;

/** Pixels per minute: 2 h on 240 px, a day on 2,880 px. */
export const PX_PER_MIN = 2;
const DAY_MIN = 24 * 60;
const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
/** The channel names' column. */
const LABEL_W = 160;
const PAGE = 200;
/** At most this many programmes a day are drawn (5 pages); choosing a channel shows the rest. */
export const MAX_PROGRAMMES = 1000;

export interface Programme extends ResourceRecord {
  program_id: number;
  start: string;
  stop: string;
  title: string;
  title_en?: string | null;
  sub_title?: string | null;
  desc?: string | null;
  category?: string | null;
  episode?: string | null;
  source?: string | null;
}

/** Minutes from the day's midnight to a stored `YYYY-MM-DD HH:mm:ss` (negative before, > 1440 after). */
export function minutesInto(day: string, at: string): number {
  return dayjs(at).diff(dayjs(day), 'minute', true);
}

/** Where a programme's block sits on the day's track, clipped to the day; null when outside it. */
export function blockOf(
  day: string,
  p: Pick<Programme, 'start' | 'stop'>,
): { left: number; width: number } | null {
  const a = Math.max(0, minutesInto(day, p.start));
  const b = Math.min(DAY_MIN, minutesInto(day, p.stop));
  if (!(b > a)) return null;
  return { left: a * PX_PER_MIN, width: (b - a) * PX_PER_MIN };
}

export function titleOf(p: Programme, lang: Lang): string {
  return lang === 'en' && p.title_en ? p.title_en : p.title;
}

/** The programmes of a day (and of one channel), all pages up to MAX_PROGRAMMES. */
async function dayProgrammes(
  endpoint: string,
  day: string,
  channel: number | undefined,
  sites: string | null,
) {
  const filter: Record<string, unknown> = {
    start: ['', `${day} 23:59:59`],
    stop: [`${day} 00:00:01`, ''],
    ...(channel ? { program_id: channel } : {}),
  };
  const list: Programme[] = [];
  let total = 0;
  for (let page = 1; list.length < MAX_PROGRAMMES; page++) {
    const r = await api.list(
      endpoint,
      {
        page,
        limit: PAGE,
        keyword: '',
        filter,
        sort: 'start',
        order: 'asc',
      },
      { sites },
    );
    total = r.total;
    list.push(...(r.list as Programme[]));
    if (r.list.length < PAGE || list.length >= total) break;
  }
  return { list, total };
}

const hhmm = (at: string) => dayjs(at).format('HH:mm');

function ProgrammeDetails({ p, channel, onEdit }: { p: Programme; channel: string; onEdit?: () => void }) {
  const t = useT();
  const lang = useLanguage();
  const start = dayjs(p.start);
  const stop = dayjs(p.stop);
  const sameDay = start.isSame(stop, 'day') || stop.format('HH:mm:ss') === '00:00:00';
  const range = sameDay
    ? `${start.format('YYYY-MM-DD HH:mm')}–${stop.format('HH:mm')}`
    : `${start.format('YYYY-MM-DD HH:mm')} – ${stop.format('YYYY-MM-DD HH:mm')}`;
  const other = lang === 'en' ? p.title : p.title_en;
  return (
    <Flex vertical gap={8} style={{ maxWidth: 340 }}>
      {other && other !== titleOf(p, lang) ? (
        <Typography.Text type="secondary">{other}</Typography.Text>
      ) : null}
      {p.sub_title ? <Typography.Text>{p.sub_title}</Typography.Text> : null}
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('rv.epg.channel')}>{channel}</Descriptions.Item>
        <Descriptions.Item label={t('rv.epg.time')}>{range}</Descriptions.Item>
        <Descriptions.Item label={t('rv.epg.duration')}>
          {t('rv.epg.minutes', { n: Math.round(stop.diff(start, 'minute', true)) })}
        </Descriptions.Item>
        {p.category ? (
          <Descriptions.Item label={epg.fields.find((f) => f.name === 'category')!.label[lang]}>
            {p.category}
          </Descriptions.Item>
        ) : null}
        {p.episode ? (
          <Descriptions.Item label={epg.fields.find((f) => f.name === 'episode')!.label[lang]}>
            {p.episode}
          </Descriptions.Item>
        ) : null}
        {p.source ? (
          <Descriptions.Item label={sourceField.label[lang]}>
            {enumLabel(epg, sourceField, p.source, { t, exists: (k) => i18n.exists(k), lang })}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {p.desc ? (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 4, expandable: true }} style={{ margin: 0 }}>
          {p.desc}
        </Typography.Paragraph>
      ) : null}
      {onEdit ? (
        <Flex justify="flex-end">
          <Button size="small" type="primary" onClick={onEdit}>
            {t('rv.epg.edit')}
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

export function EpgTimeline({ now: nowProp }: { now?: Dayjs } = {}) {
  const t = useT();
  const lang = useLanguage();
  const endpoint = useEndpoint(epg);
  const can = useResourceButtons(epg);
  const queryClient = useQueryClient();
  const [now, setNow] = useState<Dayjs>(() => nowProp ?? dayjs());
  // The on-air marks and the current-time line move with the clock.
  useEffect(() => {
    if (nowProp) return;
    const timer = setInterval(() => setNow(dayjs()), 60_000);
    return () => clearInterval(timer);
  }, [nowProp]);
  const [day, setDay] = useState<Dayjs>(() => now.startOf('day'));
  const [channel, setChannel] = useState<number | undefined>();
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<{ id: number; key: number } | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const channels = useRefOptions('media:live', { def: epg, field: 'program_id' });
  const dayText = day.format('YYYY-MM-DD');

  const { data, isFetching, isError } = useScopedQuery({
    queryKey: [...resourceKeys.all(epg.name), 'timeline', endpoint, dayText, channel ?? 0],
    queryFn: ({ sites }) => dayProgrammes(endpoint, dayText, channel, sites),
    placeholderData: keepPreviousData,
  });

  // One row per channel with programmes this day (or the chosen one), in the channels' order.
  const rows = useMemo(() => {
    const by = new Map<number, Programme[]>();
    for (const p of data?.list ?? []) {
      const id = Number(p.program_id);
      by.set(id, [...(by.get(id) ?? []), p]);
    }
    if (channel && !by.has(channel)) by.set(channel, []);
    const order = new Map(channels.options.map((o, i) => [o.value, i]));
    return [...by.entries()]
      .sort(([a], [b]) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || a - b)
      .map(([id, list]) => ({ id, name: channels.labels.get(id) ?? `#${id}`, list }));
  }, [data, channel, channels.options, channels.labels]);

  const isToday = day.isSame(now, 'day');
  const nowMin = now.diff(day, 'minute', true);
  const scroller = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef('');
  // Once per day and channel shown: open on the current hour today, else on the first programme.
  const firstStart = data?.list[0]?.start;
  useEffect(() => {
    const el = scroller.current;
    const shown = `${dayText}|${channel ?? 0}`;
    if (!el || !data || scrolledFor.current === shown) return;
    scrolledFor.current = shown;
    const at = isToday
      ? nowMin - 60
      : firstStart
        ? Math.max(0, minutesInto(dayText, firstStart)) - 30
        : 6 * 60;
    el.scrollLeft = Math.max(0, at * PX_PER_MIN);
  }, [data, dayText, channel, isToday, nowMin, firstStart]);

  const width = DAY_MIN * PX_PER_MIN;
  const count = data?.list.length ?? 0;
  const summary = [
    count === 1 ? t('rv.epg.programme') : t('rv.epg.programmes', { n: count }),
    rows.length === 1 ? t('rv.epg.oneChannel') : t('rv.epg.channels', { n: rows.length }),
  ].join(' · ');

  return (
    <Card
      className="record-view epg-timeline"
      size="small"
      style={{ marginTop: 16 }}
      title={
        <Space wrap>
          {t('rv.epg.title')}
          {data ? <Typography.Text type="secondary">{summary}</Typography.Text> : null}
        </Space>
      }
      extra={
        <Space wrap>
          <Select
            size="small"
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 150 }}
            aria-label={t('rv.epg.channel')}
            value={channel ?? 0}
            onChange={(v) => setChannel(v || undefined)}
            options={[{ value: 0, label: t('rv.epg.allChannels') }, ...channels.options]}
          />
          <Space.Compact size="small">
            <Button
              icon={<LeftOutlined />}
              aria-label={t('rv.epg.prevDay')}
              title={t('rv.epg.prevDay')}
              onClick={() => setDay((d) => d.subtract(1, 'day'))}
            />
            <DatePicker
              size="small"
              allowClear={false}
              value={day}
              onChange={(d) => d && setDay(d.startOf('day'))}
              style={{ width: 130 }}
            />
            <Button
              icon={<RightOutlined />}
              aria-label={t('rv.epg.nextDay')}
              title={t('rv.epg.nextDay')}
              onClick={() => setDay((d) => d.add(1, 'day'))}
            />
          </Space.Compact>
          <Button size="small" disabled={isToday} onClick={() => setDay(now.startOf('day'))}>
            {t('rv.epg.today')}
          </Button>
        </Space>
      }
    >
      {data && data.total > count ? (
        <Alert type="info" showIcon title={t('rv.epg.truncated', { n: count })} style={{ marginBottom: 8 }} />
      ) : null}
      {isError ? null : data && rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rv.epg.none')} />
      ) : (
        <div className="epg-tl-scroll" ref={scroller} aria-busy={isFetching}>
          <div className="epg-tl-grid" style={{ width: width + LABEL_W }}>
            <div className="epg-tl-row epg-tl-head">
              <div className="epg-tl-label" style={{ width: LABEL_W }} />
              <div className="epg-tl-track" style={{ width }}>
                {HOURS.map((h) => (
                  <span
                    key={h}
                    className="epg-tl-hour"
                    style={{ left: Number(h.slice(0, 2)) * 60 * PX_PER_MIN }}
                  >
                    {h}
                  </span>
                ))}
              </div>
            </div>
            {rows.map((row) => (
              <div className="epg-tl-row" key={row.id}>
                <div className="epg-tl-label" style={{ width: LABEL_W }} title={row.name}>
                  {row.name}
                </div>
                <div className="epg-tl-track" style={{ width }}>
                  {row.list.map((p) => {
                    const at = blockOf(dayText, p);
                    if (!at) return null;
                    const onAir = isToday && dayjs(p.start) <= now && now < dayjs(p.stop);
                    const title = titleOf(p, lang);
                    return (
                      <Popover
                        key={p.id}
                        trigger="click"
                        open={open === p.id}
                        onOpenChange={(o) => setOpen(o ? p.id : null)}
                        title={
                          <Space>
                            {title}
                            {onAir ? <Tag color="success">{t('rv.epg.onAir')}</Tag> : null}
                          </Space>
                        }
                        content={
                          <ProgrammeDetails
                            p={p}
                            channel={row.name}
                            onEdit={
                              can.edit
                                ? () => {
                                    setOpen(null);
                                    setEditing({ id: p.id, key: Date.now() });
                                    setFormOpen(true);
                                  }
                                : undefined
                            }
                          />
                        }
                      >
                        <button
                          type="button"
                          className={`epg-tl-block${onAir ? ' on-air' : ''}`}
                          style={{ left: at.left, width: Math.max(at.width - 2, 2) }}
                          aria-label={`${title} ${hhmm(p.start)}–${hhmm(p.stop)}`}
                        >
                          {at.width >= 36 ? (
                            // Sticky: a long programme's words stay in view while its start is scrolled away.
                            <span className="epg-tl-block-text" style={{ left: LABEL_W + 6 }}>
                              <span className="epg-tl-block-title">{title}</span>
                              <span className="epg-tl-block-time">
                                {hhmm(p.start)}–{hhmm(p.stop)}
                              </span>
                            </span>
                          ) : null}
                        </button>
                      </Popover>
                    );
                  })}
                </div>
              </div>
            ))}
            {isToday && nowMin >= 0 && nowMin < DAY_MIN ? (
              <div className="epg-tl-now" style={{ left: LABEL_W + nowMin * PX_PER_MIN }} aria-hidden />
            ) : null}
          </div>
        </div>
      )}
      {editing && (
        <RecordForm
          key={editing.key}
          def={epg}
          mode="edit"
          id={editing.id}
          open={formOpen}
          onClose={() => setFormOpen(false)}
          afterClose={() => setEditing(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(epg.name) })}
        />
      )}
    </Card>
  );
}
