import type { AuditEntry } from '../registry';

const DATABASE = 'perch-audit';
const STORE = 'entries';

/**
 * Persists audit rows in IndexedDB (available in workers), so a reload keeps the record.
 * Writes are fire-and-forget: a full quota must not fail a tool call; the in-memory log still
 * holds every row.
 */
export function indexedDbAuditSink(): (entry: AuditEntry) => void {
  const opened = openDatabase();
  return (entry) => {
    opened
      .then((database) => {
        const transaction = database.transaction(STORE, 'readwrite');
        transaction.objectStore(STORE).add(entry);
      })
      .catch(() => {});
  };
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
