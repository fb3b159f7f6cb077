import {
  AlertOutlined,
  ApiOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DesktopOutlined,
  FileTextOutlined,
  HistoryOutlined,
  LoginOutlined,
  MessageOutlined,
  PhoneOutlined,
  PlaySquareOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { Progress, Tooltip } from 'antd';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { i18n, useT } from '../../i18n/index.ts';
import { thousands } from '../../utils/number.ts';
import { cardSpans, cardsPerRow, GRID_COLUMNS } from './card-layout.ts';
import './dashboard-texts.ts';
import { cardTone, type DashboardCard, humanise, percent } from './home-data.ts';

/** Narrowest a figure card may be before the grid puts fewer side by side. */
const MIN_CARD_WIDTH = 190;
const GAP = 12;

const ICONS: Record<string, ReactNode> = {
  terminals_online: <DesktopOutlined />,
  terminals_total: <DesktopOutlined />,
  terminals_pending: <DesktopOutlined />,
  unread_terminal_records: <MessageOutlined />,
  extensions_registered: <PhoneOutlined />,
  active_calls: <CustomerServiceOutlined />,
  calls_today: <HistoryOutlined />,
  aps_online: <WifiOutlined />,
  cpes_online: <ClusterOutlined />,
  programmes_up: <PlaySquareOutlined />,
  programmes_down: <PlaySquareOutlined />,
  pending_orders: <ShoppingCartOutlined />,
  open_alarms: <AlertOutlined />,
  accounts: <TeamOutlined />,
  active_sessions: <LoginOutlined />,
  operations_today: <FileTextOutlined />,
  failed_logins_today: <LoginOutlined />,
};

/** Cards drawn with a bar of their share (a part of a whole that should be full). */
const SHARE = new Set([
  'terminals_online',
  'extensions_registered',
  'aps_online',
  'cpes_online',
  'programmes_up',
]);

/** The width of an element, followed as it changes (0 until measured, and in jsdom). */
export function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? 0));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function FigureCard({ card, to }: { card: DashboardCard; to: string | undefined }) {
  const t = useT();
  const title = i18n.exists(`dashboard.card.${card.key}`)
    ? t(`dashboard.card.${card.key}`)
    : humanise(card.key);
  const tone = cardTone(card);
  const unknown = card.value === null;
  const reason = card.unknown ? t(`dashboard.unknown.${card.unknown}`) : undefined;
  let note: ReactNode = null;
  if (unknown) note = reason;
  else if (card.total !== undefined)
    note = t(card.key.startsWith('programmes_') ? 'dashboard.ofEnabled' : 'dashboard.ofTotal', {
      total: thousands(card.total),
    });
  const body = (
    <>
      <span className={`dash-card__icon dash-card__icon--${card.area}`} aria-hidden>
        {ICONS[card.key] ?? <ApiOutlined />}
      </span>
      <span className="dash-card__body">
        <span className="dash-card__title">{title}</span>
        <span className={`dash-card__value dash-card__value--${unknown ? 'unknown' : tone}`}>
          {unknown ? t('dashboard.unknown') : thousands(card.value!)}
        </span>
        <span className="dash-card__note">{note}</span>
        {!unknown && SHARE.has(card.key) && card.total !== undefined && card.total > 0 && (
          <Progress
            className="dash-card__bar"
            percent={percent(card.value!, card.total)}
            size="small"
            showInfo={false}
          />
        )}
      </span>
    </>
  );
  const content = to ? (
    <Link to={to} className="dash-card dash-card--link" data-card={card.key}>
      {body}
    </Link>
  ) : (
    <div className="dash-card" data-card={card.key}>
      {body}
    </div>
  );
  return unknown && reason ? <Tooltip title={reason}>{content}</Tooltip> : content;
}

/**
 * Items in a grid without lonely ones (card-layout.ts): as many side by side as `minWidth` allows
 * in the measured width, spread over the fewest rows with every row filling the width.
 */
export function BalancedGrid({
  items,
  minWidth,
  perRow: fixedPerRow,
  className = '',
}: {
  items: readonly { key: string; node: ReactNode }[];
  minWidth: number;
  /** Items per row, for tests; measured from the grid's width otherwise. */
  perRow?: number;
  className?: string;
}) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const perRow = fixedPerRow ?? (width > 0 ? cardsPerRow(width, minWidth, GAP) : 4);
  const spans = cardSpans(items.length, perRow);
  return (
    <div
      ref={ref}
      className={`dash-grid ${className}`}
      style={{ gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`, gap: GAP }}
      data-per-row={perRow}
    >
      {items.map((item, i) => (
        <div key={item.key} className="dash-grid__cell" style={{ gridColumn: `span ${spans[i]}` }}>
          {item.node}
        </div>
      ))}
    </div>
  );
}

/**
 * The figures as one grid of cards, in the server's order (by business area), spread over the
 * fewest rows with every row full; each card opens the page it counts.
 */
export function FigureCards({
  cards,
  linkOf,
  perRow,
}: {
  cards: readonly DashboardCard[];
  linkOf: (key: string) => string | undefined;
  /** Cards per row, for tests; measured from the grid's width otherwise. */
  perRow?: number;
}) {
  return (
    <BalancedGrid
      minWidth={MIN_CARD_WIDTH}
      perRow={perRow}
      items={cards.map((c) => ({ key: c.key, node: <FigureCard card={c} to={linkOf(c.key)} /> }))}
    />
  );
}
