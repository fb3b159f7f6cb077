declare module 'bench-header-search' {
  export { HeaderSearch } from '../../apps/console/src/features/header-search/header-search.tsx';
}
