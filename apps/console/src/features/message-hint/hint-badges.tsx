import { BellOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { BADGE_MAX, CART_PATH, type HintCounts, MESSAGES_PATH } from './hint.ts';

export interface HintBadgesProps {
  counts: HintCounts;
  /** Mall management page of the current mode. */
  cartTo?: string;
}

/** The cart badge (mall management) and the message badge (terminal records), capped at 99. */
export function HintBadges({ counts, cartTo = CART_PATH }: HintBadgesProps) {
  const t = useT();
  return (
    <>
      <Tooltip title={t('shell.cart')}>
        <Link to={cartTo} className="navbar__badge" aria-label={t('shell.cart')}>
          <Badge count={counts.order} overflowCount={BADGE_MAX} size="small">
            <ShoppingCartOutlined className="navbar__icon" />
          </Badge>
        </Link>
      </Tooltip>
      <Tooltip title={t('shell.messages')}>
        <Link to={MESSAGES_PATH} className="navbar__badge" aria-label={t('shell.messages')}>
          <Badge count={counts.tip} overflowCount={BADGE_MAX} size="small">
            <BellOutlined className="navbar__icon" />
          </Badge>
        </Link>
      </Tooltip>
    </>
  );
}
