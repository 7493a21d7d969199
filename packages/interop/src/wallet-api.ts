/**
 * The wallet side of a client process, over sign-client or walletkit alike: loads the version the
 * process was started with, approves every proposal for the chain and answers requests.
 */
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { answerRequest, UnsupportedMethodError } from './answers.ts'
import type {
  ClientKind,
  CoreModule,
  Namespaces,
  SignClientLike,
  SignClientModule,
  WalletKitLike,
  WalletKitModule,
} from './clients.ts'
import { WALLET_EVENTS, WALLET_METHODS } from './wire.ts'

type Acknowledged = { acknowledged(): Promise<unknown> }

/** What the wallet does, whichever SDK it runs on. */
export interface WalletApi {
  /** The sign-client underneath (walletkit's own), for events and ping. */
  client: SignClientLike
  /** Where proposals and requests arrive (walletkit's own events for walletkit). */
  on: SignClientLike['on']
  pair(uri: string): Promise<unknown>
  approve(id: number, namespaces: Namespaces): Promise<unknown>
  respond(topic: string, response: object): Promise<void>
  update(topic: string, namespaces: Namespaces): Promise<Acknowledged>
  extend(topic: string): Promise<Acknowledged>
  emit(topic: string, chainId: string, event: { name: string; data: unknown }): Promise<void>
  disconnect(topic: string): Promise<void>
}

export const USER_DISCONNECTED = { code: 6000, message: 'User disconnected' }

export function namespacesFor(chain: string, addresses: string[]): Namespaces {
  return {
    eip155: {
      chains: [chain],
      methods: [...WALLET_METHODS],
      events: [...WALLET_EVENTS],
      accounts: addresses.map((address) => `${chain}:${address}`),
    },
  }
}

function overSignClient(client: SignClientLike): WalletApi {
  return {
    client,
    on: (event, listener) => client.on(event, listener),
    pair: (uri) => client.core.pairing.pair({ uri }),
    approve: async (id, namespaces) => (await client.approve({ id, namespaces })).acknowledged(),
    respond: (topic, response) => client.respond({ topic, response }),
    update: (topic, namespaces) => client.update({ topic, namespaces }),
    extend: (topic) => client.extend({ topic }),
    emit: (topic, chainId, event) => client.emit({ topic, chainId, event }),
    disconnect: (topic) => client.disconnect({ topic, reason: USER_DISCONNECTED }),
  }
}

function overWalletKit(kit: WalletKitLike): WalletApi {
  return {
    client: kit.engine.signClient,
    on: (event, listener) => kit.on(event, listener),
    pair: (uri) => kit.pair({ uri }),
    approve: (id, namespaces) => kit.approveSession({ id, namespaces }),
    respond: (topic, response) => kit.respondSessionRequest({ topic, response }),
    update: (topic, namespaces) => kit.updateSession({ topic, namespaces }),
    extend: (topic) => kit.extendSession({ topic }),
    emit: (topic, chainId, event) => kit.emitSessionEvent({ topic, chainId, event }),
    disconnect: (topic) => kit.disconnectSession({ topic, reason: USER_DISCONNECTED }),
  }
}

/** `options` are the core options (relay, storage, telemetry off); `metadata` names the peer. */
export async function loadClient(
  kind: ClientKind,
  module: string,
  options: object,
  metadata: object,
): Promise<{ client: SignClientLike; wallet?: WalletApi }> {
  // Without it the SDK waits between queued requests (newer versions; older ones ignore it).
  const signConfig = { disableRequestQueue: true }
  if (kind === 'walletkit') {
    const { WalletKit } = (await import(module)) as WalletKitModule
    const { Core } = (await import('@walletconnect/core')) as CoreModule
    const kit = await WalletKit.init({ core: new Core(options), metadata, signConfig })
    const wallet = overWalletKit(kit)
    return { client: wallet.client, wallet }
  }
  const { SignClient } = (await import(module)) as SignClientModule
  const client = await SignClient.init({ ...options, metadata, signConfig })
  return { client, wallet: overSignClient(client) }
}

interface Proposal {
  id: number
}
interface SessionRequest {
  id: number
  topic: string
  params: { request: { method: string; params: unknown[] } }
}

/** A wallet whose user approves everything: proposals for `chain`, then every request. */
export function actAsWallet(wallet: WalletApi, chain: string, privateKey: `0x${string}`): PrivateKeyAccount {
  const account = privateKeyToAccount(privateKey)
  const chainId = Number(chain.split(':')[1])
  wallet.on<Proposal>('session_proposal', ({ id }) => {
    void wallet.approve(id, namespacesFor(chain, [account.address]))
  })
  wallet.on<SessionRequest>('session_request', ({ id, topic, params }) => {
    const { method, params: args } = params.request
    answerRequest(account, chainId, method, args).then(
      (result) => wallet.respond(topic, { id, jsonrpc: '2.0', result }),
      (error: Error) => {
        const code = error instanceof UnsupportedMethodError ? error.code : -32603
        return wallet.respond(topic, { id, jsonrpc: '2.0', error: { code, message: error.message } })
      },
    )
  })
  return account
}
