import { Result } from 'antd';
import { useT } from '../i18n/index.ts';

/** Shown for a menu `component` that names no page module, or whose chunk failed to load. */
export function ModuleUnavailable({ name }: { name: string }) {
  const t = useT();
  return (
    <Result
      status="warning"
      title={t('route.moduleUnavailable')}
      subTitle={t('route.moduleUnavailableDetail', { name })}
    />
  );
}
