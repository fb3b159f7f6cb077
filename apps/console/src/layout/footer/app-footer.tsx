import { PhoneOutlined } from '@ant-design/icons';
import { useOtherInfo } from '../../app/other-info.ts';
import { useT } from '../../i18n/index.ts';
import { useClock } from './clock.ts';

/** Spec section 1: the hotline shown when the server gives none. */
export const DEFAULT_HOTLINE = '400-800-8888';

export function hotlineOf(serviceCall: string | undefined): string {
  return serviceCall?.trim() || DEFAULT_HOTLINE;
}

/** Clock in its own component so the per-second update re-renders nothing else. */
function Clock() {
  return <span className="app-footer__clock">{useClock()}</span>;
}

export function AppFooter() {
  const t = useT();
  const { data } = useOtherInfo();
  return (
    <footer className="app-footer">
      <span>
        <PhoneOutlined /> {t('shell.hotline')}: {hotlineOf(data?.service_call)}
      </span>
      {data?.Copyright && <span className="app-footer__copyright">{data.Copyright}</span>}
      <Clock />
    </footer>
  );
}
