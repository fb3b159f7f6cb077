import { useT } from '../../i18n/index.ts';
import { ErrorPage } from './error-page.tsx';

export default function Page401() {
  const t = useT();
  return <ErrorPage status="403" title={t('route.401')} subTitle={t('error.401Detail')} />;
}
