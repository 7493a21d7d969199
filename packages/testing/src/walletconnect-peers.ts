/**
 * The public WalletConnect clients wired to our relay, for the real-client tests and the
 * benchmark: a dapp (`@walletconnect/sign-client`) and a wallet (`@reown/walletkit`) that approves
 * an eip155 session and answers personal_sign with a viem account.
 */

import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core, RELAYER_EVENTS } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import type { Hex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { memoryStorage } from './memory-storage.ts'

export { memoryStorage }

/** Anvil's first dev key: a well-known test key, never a real wallet. */
export const ANVIL_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
export const CHAIN = 'eip155:31337'
export type Dapp = Awaited<ReturnType<typeof SignClient.init>>
type Kit = Awaited<ReturnType<typeof WalletKit.init>>

const PROJECT_ID = 'walletframe-relay-test'

let instance = 0
const commonOptions = (relayUrl: string, role: string) => ({
  projectId: PROJECT_ID,
  relayUrl,
  // Two clients in one process would otherwise share keychains and sessions.
  customStoragePrefix: `wf-${role}-${process.pid}-${++instance}`,
  storage: memoryStorage(),
  telemetryEnabled: false,
  logger: 'silent',
})

const metadata = (name: string) => ({
  name,
  description: `${name} (relay test)`,
  url: 'http://127.0.0.1',
  icons: [],
})

export async function createDapp(relayUrl: string): Promise<Dapp> {
  return SignClient.init({ ...commonOptions(relayUrl, 'dapp'), metadata: metadata('WalletFrame test dapp') })
}

export interface Wallet {
  kit: Kit
  account: PrivateKeyAccount
  close(): Promise<void>
}

/** A wallet that approves every proposal for CHAIN and signs personal_sign requests. */
export async function createWallet(relayUrl: string): Promise<Wallet> {
  const account = privateKeyToAccount(ANVIL_KEY_0)
  const core = new Core(commonOptions(relayUrl, 'wallet'))
  const kit = await WalletKit.init({
    core,
    metadata: metadata('WalletFrame test wallet'),
    // Without this the SDK waits a second between queued requests.
    signConfig: { disableRequestQueue: true },
  })
  kit.on('session_proposal', (proposal: WalletKitTypes.SessionProposal) => {
    const namespaces = buildApprovedNamespaces({
      proposal: proposal.params,
      supportedNamespaces: {
        eip155: {
          chains: [CHAIN],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: [`${CHAIN}:${account.address}`],
        },
      },
    })
    void kit.approveSession({ id: proposal.id, namespaces })
  })
  kit.on('session_request', (event: WalletKitTypes.SessionRequest) => {
    void answer(kit, account, event)
  })
  return { kit, account, close: () => closeCore(kit.core) }
}

async function answer(kit: Kit, account: PrivateKeyAccount, event: WalletKitTypes.SessionRequest) {
  const { id, topic, params } = event
  if (params.request.method !== 'personal_sign') {
    await kit.respondSessionRequest({
      topic,
      response: { id, jsonrpc: '2.0', error: { code: 4200, message: 'Unsupported method' } },
    })
    return
  }
  const [data] = params.request.params as [Hex, string]
  const signature = await account.signMessage({ message: { raw: data } })
  await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
}

/** dapp connect() → wallet pair() → approval; resolves with the session on the dapp side. */
export async function connectPeers(dapp: Dapp, wallet: Wallet) {
  const { uri, approval } = await dapp.connect({
    requiredNamespaces: {},
    optionalNamespaces: {
      eip155: {
        chains: [CHAIN],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['accountsChanged', 'chainChanged'],
      },
    },
  })
  if (!uri) throw new Error('connect() gave no pairing URI')
  await wallet.kit.pair({ uri })
  return approval()
}

/** Stops the client's socket and timers so the test process can exit. */
export async function closeCore(core: Dapp['core']): Promise<void> {
  core.heartbeat.stop()
  await core.relayer.transportClose()
}

/**
 * Resolves once the client's relay has accepted a publish on `topic` (sign-client reports it after
 * the relay's reply): from then on the message is the relay's, whatever happens to the receiver.
 */
export function relayAccepted(client: Dapp | Wallet['kit'], topic: string): Promise<void> {
  const events = client.core.relayer.events
  return new Promise((resolve) => {
    const onPublish = (request: { params?: { topic?: string } }) => {
      if (request.params?.topic !== topic) return
      events.off(RELAYER_EVENTS.publish, onPublish)
      resolve()
    }
    events.on(RELAYER_EVENTS.publish, onPublish)
  })
}
