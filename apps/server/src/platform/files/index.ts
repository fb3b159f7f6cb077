export { openFileStore } from './open.ts';
export { type FileStoreSettings, fileStoreSettings } from './settings.ts';
export { checkKey, FileNotFound, type FileStore, type FileStoreKind, type StoredFile } from './store.ts';
export { putLocalFile, readSmallFile, withLocalFile } from './temp.ts';
