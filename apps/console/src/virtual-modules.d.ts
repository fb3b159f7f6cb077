/** Tables the console's build computes from the contract (build/contract-tables.ts). */
declare module 'virtual:igs-menu-titles' {
  /** Title key -> English and Chinese title. */
  export const menuTitles: Readonly<Record<string, { en: string; zh_CN: string }>>;
}
declare module 'virtual:igs-record-modules' {
  /** Menu component -> the resources its record page shows, in the menu's endpoint order. */
  export const recordModules: Readonly<Record<string, readonly string[]>>;
}
