import { create } from 'zustand';

export interface UploadedFile {
  id: string;
  url: string;
  name: string;
  size?: number;
  mime?: string;
}

interface UploadedFilesState {
  byId: Readonly<Record<string, UploadedFile>>;
  remember: (file: UploadedFile) => void;
  rememberAll: (files: readonly UploadedFile[]) => void;
}

/**
 * Files known to this browser session, by id: uploaded here, or named by the rows of a list (whose
 * reply carries their signed links), so cells and forms show thumbnails instead of upload ids.
 */
export const useUploadedFiles = create<UploadedFilesState>()((set) => ({
  byId: {},
  remember: (file) => set((s) => ({ byId: { ...s.byId, [file.id]: file } })),
  rememberAll: (files) =>
    files.length
      ? set((s) => ({ byId: { ...s.byId, ...Object.fromEntries(files.map((f) => [f.id, f])) } }))
      : undefined,
}));

export function useUploadedFile(id: unknown): UploadedFile | undefined {
  return useUploadedFiles((s) => (typeof id === 'string' && id ? s.byId[id] : undefined));
}

export function isImage(file: UploadedFile | undefined): boolean {
  return Boolean(file?.mime?.startsWith('image/'));
}
