/**
 * The submission waiting for the server's 201, kept in IndexedDB so that closing the page or
 * losing the network loses nothing. One entry per link token. Photos are stored as ArrayBuffers,
 * not Blobs: older iOS Safari could not store Blobs in IndexedDB.
 */
export const photoKinds = ['selfie', 'house', 'utility_bill'] as const;
export type PhotoKind = (typeof photoKinds)[number];

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
  jobCode: string | null;
}

const dbName = 'capture-wizard';
const storeName = 'pending';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const req = indexedDB.open(dbName, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(storeName)) {
        req.result.createObjectStore(storeName, { keyPath: 'token' });
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB could not be opened'));
    req.onblocked = () => reject(new Error('IndexedDB is blocked'));
  });
}

async function run<T>(
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
  (await run<PendingSubmission | undefined>('readonly', (s) => s.get(token))) ?? null;

export const savePending = (entry: PendingSubmission) =>
  run<unknown>('readwrite', (s) => s.put(entry)).then(() => undefined);

export const deletePending = (token: string) =>
  run<unknown>('readwrite', (s) => s.delete(token)).then(() => undefined);
