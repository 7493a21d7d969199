/**
 * Where the key window keeps its device keys: IndexedDB of the key origin as a top-level site
 * (first-party storage, which the nested key frame does not get in strict browsers). Records hold
 * CryptoKeys made non-extractable, which IndexedDB stores as such: no script can read their bytes.
 */
export interface DeviceKeyRecord {
  credentialId: string
  /** Lower-case address of the wallet whose device share this is. */
  address: string
  signingKey: CryptoKey
  sealingKey: CryptoKey
  sealedShare: { ciphertext: Uint8Array<ArrayBuffer>; iv: Uint8Array<ArrayBuffer> }
  createdAt: number
}

export interface DeviceKeyStore {
  put(record: DeviceKeyRecord): Promise<void>
  /** The records of one wallet, newest first. */
  forAddress(address: string): Promise<DeviceKeyRecord[]>
}

const DB_NAME = 'walletframe-key-window'
const STORE = 'deviceKeys'

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })

export async function openDeviceKeyStore(factory: IDBFactory = indexedDB): Promise<DeviceKeyStore> {
  const opening = factory.open(DB_NAME, 1)
  opening.onupgradeneeded = () => {
    opening.result.createObjectStore(STORE, { keyPath: 'credentialId' }).createIndex('address', 'address')
  }
  const db = await done(opening)
  return {
    async put(record) {
      const tx = db.transaction(STORE, 'readwrite')
      await done(tx.objectStore(STORE).put(record))
    },
    async forAddress(address) {
      const tx = db.transaction(STORE, 'readonly')
      const records = await done(tx.objectStore(STORE).index('address').getAll(address.toLowerCase()))
      return (records as DeviceKeyRecord[]).sort((a, b) => b.createdAt - a.createdAt)
    },
  }
}

/** A store in memory, for tests of the key window's logic outside a browser. */
export function memoryDeviceKeyStore(): DeviceKeyStore {
  const records = new Map<string, DeviceKeyRecord>()
  return {
    async put(record) {
      records.set(record.credentialId, record)
    },
    async forAddress(address) {
      return [...records.values()]
        .filter((record) => record.address === address.toLowerCase())
        .sort((a, b) => b.createdAt - a.createdAt)
    },
  }
}
