/**
 * oidc-provider's storage, in this process's memory (the dev provider keeps nothing across
 * restarts). One store for every model, keyed by model name and id; entries lapse at their expiry.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

interface Entry {
  payload: AdapterPayload
  expiresAt: number
}

export function memoryAdapter(): AdapterFactory {
  const store = new Map<string, Entry>()
  const live = (key: string): AdapterPayload | undefined => {
    const entry = store.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      store.delete(key)
      return undefined
    }
    return entry.payload
  }
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        for (const [name, entry] of store) if (entry.expiresAt <= Date.now()) store.delete(name)
        const expiresAt = Date.now() + (expiresIn ?? 3_600) * 1000
        store.set(key(id), { payload, expiresAt })
        // Lookups by grant, uid and user code, lapsing with the entry.
        if (payload.grantId) store.set(`grant:${payload.grantId}:${key(id)}`, { payload: {}, expiresAt })
        if (payload.uid) store.set(`uid:${model}:${payload.uid}`, { payload: { id }, expiresAt })
        if (payload.userCode) store.set(`code:${model}:${payload.userCode}`, { payload: { id }, expiresAt })
      },
      find: async (id) => live(key(id)),
      findByUid: async (uid) => {
        const id = store.get(`uid:${model}:${uid}`)?.payload.id
        return typeof id === 'string' ? live(key(id)) : undefined
      },
      findByUserCode: async (userCode) => {
        const id = store.get(`code:${model}:${userCode}`)?.payload.id
        return typeof id === 'string' ? live(key(id)) : undefined
      },
      async consume(id) {
        const payload = live(key(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        store.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        const prefix = `grant:${grantId}:`
        for (const name of [...store.keys()]) {
          if (!name.startsWith(prefix)) continue
          store.delete(name)
          store.delete(name.slice(prefix.length))
        }
      },
    }
  }
}
