import { useQuery } from '@tanstack/react-query';
import { request } from '../../request/index.ts';
import { useModePath } from './mode-endpoint.ts';

export interface Option {
  value: string;
  label: string;
}

function useOptions(fullPath: string) {
  const path = useModePath(fullPath);
  return useQuery({
    queryKey: ['module-extras', 'options', path],
    queryFn: () => request<Option[]>(path, { method: 'options' }, { loading: false }),
    staleTime: 10 * 60_000,
  });
}

/** `index/app_type`: the types of an app menu item, labelled in the user's language. */
export const useAppTypeOptions = () => useOptions('/admin.php/index/app_type');

/** `index/app_language`: the languages an app menu item may be shown in. */
export const useAppLanguageOptions = () => useOptions('/admin.php/index/app_language');
