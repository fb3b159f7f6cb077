import { PhoneOutlined } from '@ant-design/icons';
import { useBrandingStore, useBrandTitle } from '../../app/branding.ts';
import { useOtherInfo } from '../../app/other-info.ts';
import { useT } from '../../i18n/index.ts';
import { useClock } from './clock.ts';

/** Spec section 1: the hotline shown when the server gives none. */
export const DEFAULT_HOTLINE = '400-800-8888';

export function hotlineOf(serviceCall: string | undefined): string {
  return serviceCall?.trim() || DEFAULT_HOTLINE;
}

/**
 * The copyright line: the server's text (web settings), else one made of the year and the
 * company, or the product's title when no company is set.
 */
export function copyrightLine(
  serverText: string | undefined,
  company: string,
  title: string,
  year: number,
): string {
  const text = serverText?.trim();
  if (text) return text;
  return `© ${year} ${company.trim() || title}`;
}

/** Clock in its own component so the per-second update re-renders nothing else. */
function Clock() {
  return <span className="app-footer__clock">{useClock()}</span>;
}

export function AppFooter() {
  const t = useT();
  const { data, isPending } = useOtherInfo();
  const company = useBrandingStore((s) => s.company);
  const title = useBrandTitle();
  return (
    <footer className="app-footer">
      {/* Neither before the footer info has answered: its own number and line would replace the
          default ones, which would have shown a number the site does not answer. */}
      {!isPending && (
        <>
          <span data-testid="footer-hotline">
            <PhoneOutlined /> {t('shell.hotline')}: {hotlineOf(data?.service_call)}
          </span>
          <span className="app-footer__copyright" data-testid="footer-copyright">
            {copyrightLine(data?.Copyright, company, title, new Date().getFullYear())}
          </span>
        </>
      )}
      <Clock />
    </footer>
  );
}
