import { photoKinds, type PhotoKind } from '../../reference/photoKinds';

/**
 * The submission waiting for the server's 201, kept in IndexedDB so that closing the page or
 * losing the network loses nothing. One entry per link token. Photos are stored as ArrayBuffers,
 * not Blobs: older iOS Safari could not store Blobs in IndexedDB.
 */
export { photoKinds, type PhotoKind };

export interface GpsFix {
  lat: number;
  lng: number;
  accuracy: number;
}

export interface PendingSubmission {
  token: string;
  idempotencyKey: string;
  capturedAt: string;
  locationText: string;
  gps: GpsFix | null;
  photos: Record<PhotoKind, ArrayBuffer>;
  /** SHA-256 of each photo, when the page could hash (photos sent ahead are named by it). */
  hashes?: Record<PhotoKind, string>;
  jobCode: string | null;
}

/** Photos taken but not yet submitted, so that closing the page does not lose them. */
export interface DraftPhotos {
  token: string;
  photos: Partial<Record<PhotoKind, ArrayBuffer>>;
}

const dbName = 'capture-wizard';
type StoreName = 'pending' | 'drafts';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const req = indexedDB.open(dbName, 2);
    req.onupgradeneeded = () => {
      for (const name of ['pending', 'drafts']) {
        if (!req.result.objectStoreNames.contains(name)) {
          req.result.createObjectStore(name, { keyPath: 'token' });
        }
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

async function run<T>(
  storeName: StoreName,
  mode: IDBTransactionMode,
  op: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(storeName, mode);
      const req = op(tx.objectStore(storeName));
      tx.oncomplete = () => resolve(req.result as T);
      tx.onerror = () => reject(tx.error ?? req.error ?? new Error('IndexedDB failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

export const loadPending = async (token: string) =>
  (await run<PendingSubmission | undefined>('pending', 'readonly', (s) => s.get(token))) ?? null;

export const savePending = (entry: PendingSubmission) =>
  run<unknown>('pending', 'readwrite', (s) => s.put(entry)).then(() => undefined);

/** Forgets a link's submission and its draft: the server has everything. */
export const deletePending = async (token: string) => {
  await run<unknown>('pending', 'readwrite', (s) => s.delete(token));
  await run<unknown>('drafts', 'readwrite', (s) => s.delete(token));
};

export const loadDraft = async (token: string) =>
  (await run<DraftPhotos | undefined>('drafts', 'readonly', (s) => s.get(token)))?.photos ?? {};

/** Keeps one photo of the draft (or drops it: a retake). */
export async function saveDraftPhoto(token: string, kind: PhotoKind, bytes: ArrayBuffer | null) {
  const photos = await loadDraft(token);
  if (bytes) photos[kind] = bytes;
  else delete photos[kind];
  await run<unknown>('drafts', 'readwrite', (s) => s.put({ token, photos }));
}
