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
}

/**
 * Files uploaded in this browser session, by id. A `file` field stores only the upload id and the
 * API has no call that turns an id back into a signed URL, so previews exist only for files
 * uploaded since the page loaded; older ones are shown by name (or id) instead.
 */
export const useUploadedFiles = create<UploadedFilesState>()((set) => ({
  byId: {},
  remember: (file) => set((s) => ({ byId: { ...s.byId, [file.id]: file } })),
}));

export function useUploadedFile(id: unknown): UploadedFile | undefined {
  return useUploadedFiles((s) => (typeof id === 'string' && id ? s.byId[id] : undefined));
}

export function isImage(file: UploadedFile | undefined): boolean {
  return Boolean(file?.mime?.startsWith('image/'));
}
