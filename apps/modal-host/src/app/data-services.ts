/**
 * The services behind the Account tabs and the registry lists, present only when the deployment
 * has a data API (the bootstrap's `apiUrl`, or one given in tests).
 */
import type { ModalInit } from '@walletframe/protocol'
import { createAccountData } from '../features/account/account-data.ts'
import { detectedWallets } from '../features/connect/registry-lists.ts'
import { createApiClient } from '../features/core/api-client.ts'
import type { HostStorage } from '../features/core/host-storage.ts'
import type { SessionState } from '../features/core/session-api.ts'
import { createRegistry } from '../features/registry/registry.ts'
import type { Store } from '../ui/store.ts'

export interface DataApiOptions {
  /** The data API; defaults to the one the modal server named in the project bootstrap. */
  url?: string
  fetch?: typeof fetch
  now?: () => number
}

export function createDataServices(context: {
  url: string
  options: DataApiOptions | undefined
  init: ModalInit
  storage: HostStorage
  store: Store<SessionState>
  toast(message: string): void
  log(message: string): void
}) {
  const { init, storage, store, options, log } = context
  const api = createApiClient({
    baseUrl: context.url,
    projectId: init.projectId,
    sdkVersion: init.sdkVersion,
    ...(options?.fetch ? { fetch: options.fetch } : {}),
  })
  const accountData = createAccountData({
    api,
    storage,
    store,
    current: () => {
      const { account } = store.get()
      return account.status === 'connected' && account.address && account.chainId
        ? { address: account.address, chainId: account.chainId }
        : undefined
    },
    toast: context.toast,
    log,
    ...(options?.now ? { now: options.now } : {}),
  })
  const registry = createRegistry({
    api,
    init,
    store,
    detected: () => detectedWallets(store.get().wallets, store.get().recent),
    log,
  })
  return { api, accountData, registry }
}
