/** The view state before the host's hello, and what the hello's init puts into it. */
import { type ModalInit, type RecentWallet, RecentWalletSchema, STORAGE_KEYS } from '@walletframe/protocol'
import { ACCOUNT_DATA_IDLE } from '../features/account/account-data.ts'
import type { HostStorage } from '../features/core/host-storage.ts'
import type { SessionState } from '../features/core/session-api.ts'
import { EMBEDDED_IDLE } from '../features/embedded/session-embedded.ts'
import { NAMES_IDLE } from '../features/names/index.ts'
import { NAMESPACES_IDLE } from '../features/namespaces/state.ts'
import { REGISTRY_IDLE } from '../features/registry/registry.ts'
import { initialSiwx } from '../features/siwx/index.ts'
import { SOCIAL_IDLE } from '../features/social/session-social.ts'
import { WALLETCONNECT_IDLE } from '../features/walletconnect/session-walletconnect.ts'

export const INITIAL_STATE: SessionState = {
  phase: 'waiting',
  open: false,
  closing: false,
  shaking: false,
  view: 'Connect',
  canGoBack: false,
  account: { status: 'disconnected' },
  balance: { state: 'idle' },
  activeChainId: 0,
  wallets: [],
  recent: [],
  walletConnect: WALLETCONNECT_IDLE,
  embedded: EMBEDDED_IDLE,
  social: SOCIAL_IDLE,
  themeMode: 'dark',
  themeVariables: {},
  dataAvailable: false,
  accountData: ACCOUNT_DATA_IDLE,
  registry: REGISTRY_IDLE,
  siwx: { enabled: false, required: true, status: 'idle' },
  names: NAMES_IDLE,
  namespaces: NAMESPACES_IDLE,
}

const isRecentList = (value: unknown): value is RecentWallet[] =>
  Array.isArray(value) && value.every((entry) => RecentWalletSchema.safeParse(entry).success)

/** The state once the host said hello: its wallets, its hints (network, recent wallets), its theme. */
export function stateFromInit(
  init: ModalInit,
  storage: HostStorage,
): Partial<SessionState> & Pick<SessionState, 'activeChainId' | 'themeMode' | 'themeVariables'> {
  const storedNetwork = storage.get(STORAGE_KEYS.activeNetworkId)
  const initial =
    init.networks.find((n) => n.caipNetworkId === storedNetwork) ??
    init.networks.find((n) => n.caipNetworkId === init.defaultNetworkId) ??
    init.networks[0]!
  return {
    phase: 'ready',
    init,
    wallets: init.wallets,
    recent: storage.getJson(STORAGE_KEYS.recentWallets, isRecentList) ?? [],
    activeChainId: initial.id,
    themeMode: init.themeMode,
    themeVariables: init.themeVariables,
    siwx: initialSiwx(init, storage),
  }
}
