/**
 * An idb-keyval store that repairs its database (issue 42, item 7). idb-keyval's own `createStore` creates the object
 * store only when it creates the database: a database left without it (site data partly cleared, a browser bug, a
 * page of another version) fails every transaction with "One of the specified object stores was not found", and
 * nothing works until the person clears the site's data. Here the database is reopened one version up and the
 * store created again, and `onRepaired` says so. No DOM beyond IndexedDB: used by the page and the workers.
 */
import type { UseStore } from 'idb-keyval';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open(dbName: string, storeName: string, version?: number): Promise<IDBDatabase> {
  const req = indexedDB.open(dbName, version);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(storeName)) req.result.createObjectStore(storeName);
  };
  // Another connection (a tab of the old page) holds the database open: the upgrade waits until it lets go.
  return request(req);
}

export function repairingStore(dbName: string, storeName: string, onRepaired?: () => void): UseStore {
  let db: Promise<IDBDatabase> | undefined;
  const connect = async (): Promise<IDBDatabase> => {
    let found = await open(dbName, storeName);
    if (!found.objectStoreNames.contains(storeName)) {
      const version = found.version;
      found.close();
      found = await open(dbName, storeName, version + 1);
      onRepaired?.();
    }
    // A repair in another tab or worker upgrades the version: this connection steps aside, and the next use reopens.
    found.onversionchange = () => {
      found.close();
      db = undefined;
    };
    found.onclose = () => {
      db = undefined;
    };
    return found;
  };
  const database = () => {
    if (!db) {
      db = connect();
      db.catch(() => {
        db = undefined;
      });
    }
    return db;
  };
  return (mode, callback) => database().then((d) => callback(d.transaction(storeName, mode).objectStore(storeName)));
}
