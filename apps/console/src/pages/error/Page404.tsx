import { useT } from '../../i18n/index.ts';
import { ErrorPage } from './error-page.tsx';

export default function Page404() {
  const t = useT();
  return <ErrorPage status="404" title={t('route.404')} subTitle={t('error.404Detail')} />;
}
