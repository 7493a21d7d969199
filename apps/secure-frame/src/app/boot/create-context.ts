/** The key frame's shared state, made once the modal's hello (FrameInit) was accepted. */
import type { FrameInit } from '@walletframe/protocol'
import type { KeyServerClient } from '../key-server/key-server-client.ts'
import type { KeyWindowOpener } from '../key-window/open-key-window.ts'
import type { KeyFrameContext } from '../state/frame-context.ts'
import type { ViewState } from '../state/screens.ts'
import { createSentBatches } from '../state/sent-batches.ts'
import { createStore } from '../state/store.ts'
import type { PasskeyDevice } from '../wallet/passkey-device.ts'

export function createKeyFrameContext(
  init: FrameInit,
  deps: {
    server: KeyServerClient
    passkeys: PasskeyDevice
    openKeyWindow: KeyWindowOpener
    modalOrigin: string
  },
): KeyFrameContext {
  return {
    projectId: init.projectId,
    networks: init.networks,
    solanaNetworks: init.solanaNetworks ?? [],
    chainId: init.chainId,
    session: {},
    preferredAccountType: undefined,
    smartAccount: undefined,
    sentBatches: createSentBatches(),
    dapp: init.metadata
      ? { metadata: init.metadata, sdkVersion: '', sdkType: '', projectId: init.projectId }
      : undefined,
    vault: undefined,
    server: deps.server,
    passkeys: deps.passkeys,
    openKeyWindow: deps.openKeyWindow,
    modalOrigin: deps.modalOrigin,
    socialLinkPending: false,
    farcasterChannel: undefined,
    socialState: undefined,
    view: createStore<ViewState>({
      themeMode: init.themeMode,
      themeVariables: init.themeVariables,
      screen: { kind: 'idle' },
    }),
  }
}
