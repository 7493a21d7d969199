/**
 * The services behind the Account tabs and the registry lists, present only when the deployment
 * has a data API (the bootstrap's `apiUrl`, or one given in tests).
 */
import { CLIENT_ID_PATTERN, type ModalInit, STORAGE_KEYS } from '@walletframe/protocol'
import { createAccountData } from '../features/account/account-data.ts'
import type { AssetWallet } from '../features/account/tokens/wallet-assets.ts'
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
  /** The connected wallet, when there is one (asked for its own asset list first). */
  wallet(): AssetWallet | undefined
  toast(message: string): void
  log(message: string): void
}) {
  const { init, storage, store, options, log } = context
  const api = createApiClient({
    baseUrl: context.url,
    projectId: init.projectId,
    sdkVersion: init.sdkVersion,
    clientId: clientIdOf(storage),
    ...(options?.fetch ? { fetch: options.fetch } : {}),
  })
  // spec §7: the network-support check runs first. Started here, not awaited: the first paint
  // never waits for it, and the balance path awaits the same answer (the client keeps it).
  api.supportedChains().catch((error: unknown) => log(`supported chains: ${(error as Error).message}`))
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
    network: (chainId) => init.networks.find((network) => network.id === chainId),
    wallet: context.wallet,
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

/**
 * spec §7 "Wallet-service API" clientId: this modal's id on this browser. The frame has no storage
 * of its own (ARCHITECTURE.md), so it is kept in the host page's, like the recent wallets; a page
 * that cannot keep it gives a new id per load, which costs nothing but continuity.
 */
function clientIdOf(storage: HostStorage): string {
  const stored = storage.get(STORAGE_KEYS.clientId)
  if (stored && CLIENT_ID_PATTERN.test(stored)) return stored
  const made = crypto.randomUUID()
  storage.set(STORAGE_KEYS.clientId, made)
  return made
}
