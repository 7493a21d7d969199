/**
 * The features that exist only when the deployment offers them: WalletConnect (a relay), the data
 * API (account data, registry) and the embedded wallet (a key frame). Made once the host said hello.
 */
import type { ModalInit } from '@walletframe/protocol'
import type { WalletConnector } from '../features/core/connector.ts'
import type { HostStorage } from '../features/core/host-storage.ts'
import type { SessionState } from '../features/core/session-api.ts'
import { createEmbedded, type EmbeddedOptions } from '../features/embedded/session-embedded.ts'
import { createSocial, type SocialOptions, socialProviders } from '../features/social/session-social.ts'
import type { ToastVariant } from '../features/toast/toast.machine.ts'
import {
  createWalletConnect,
  type WalletConnectOptions,
} from '../features/walletconnect/session-walletconnect.ts'
import type { Text } from '../ui/i18n/translator.ts'
import type { Store } from '../ui/store.ts'
import { createDataServices, type DataApiOptions } from './data-services.ts'

export interface FeatureOptions {
  walletConnect?: WalletConnectOptions
  api?: DataApiOptions
  embedded?: EmbeddedOptions
  social?: SocialOptions
}

export function createFeatures(context: {
  init: ModalInit
  store: Store<SessionState>
  storage: HostStorage
  options: FeatureOptions
  apiUrl: string | undefined
  /** The connected wallet (the data services ask it for its own asset list first). */
  wallet(): WalletConnector | undefined
  log(message: string): void
  toast(variant: ToastVariant, message: Text): void
  onWalletEvent: Parameters<typeof createWalletConnect>[0]['onEvent']
  openDeepLink(href: string): void
  embedded: Omit<
    Parameters<typeof createEmbedded>[0],
    'init' | 'initial' | 'store' | 'storage' | 'options' | 'log' | 'socials'
  >
  social: Pick<Parameters<typeof createSocial>[0], 'push' | 'startLogin' | 'sendLogin'>
  initial: Parameters<typeof createEmbedded>[0]['initial']
}) {
  const { init, store, storage, options, log } = context
  const walletConnect = createWalletConnect({
    init,
    storage,
    store,
    activeChainId: () => store.get().activeChainId,
    onEvent: context.onWalletEvent,
    openDeepLink: context.openDeepLink,
    log,
    options: options.walletConnect,
  })
  const apiUrl = options.api?.url ?? context.apiUrl
  const data = apiUrl
    ? createDataServices({
        url: apiUrl,
        options: options.api,
        init,
        storage,
        store,
        wallet: context.wallet,
        log,
        toast: (message) => context.toast('error', message),
      })
    : undefined
  const providers = socialProviders(init, options.social)
  const embedded = createEmbedded({
    init,
    initial: context.initial,
    store,
    storage,
    options: options.embedded,
    log,
    socials: providers.length > 0,
    ...context.embedded,
  })
  // Social logins run in the key frame: without one, none is offered.
  const social =
    embedded && providers.length > 0
      ? createSocial({
          providers,
          store,
          keyFrame: embedded,
          options: options.social,
          toast: context.toast,
          ...context.social,
        })
      : undefined
  return { walletConnect, data, embedded, social }
}
