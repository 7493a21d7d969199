/**
 * WalletConnect end to end: a site whose modal server names a relay (apps/relay), and a real
 * `@reown/walletkit` wallet in Node that pairs through that relay, signs with a viem account and
 * sends transactions to the devnet.
 *
 * The site is a private one (support/private-site.ts), so the shared stack (and every other spec)
 * keeps running without WalletConnect.
 */
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { type RunningApi, resolveApiConfig, startApi } from '@walletframe/api'
import { devnetChainDefinitions, fixtureContracts } from '@walletframe/devnet'
import { type RunningRelay, startRelay } from '@walletframe/relay'
import { freePort } from '@walletframe/testing'
import { memoryStorage } from '@walletframe/testing/walletconnect'
import {
  createWalletClient,
  defineChain,
  type Hex,
  hexToBigInt,
  http,
  type PrivateKeyAccount,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type PrivateSite, type PrivateSiteOptions, startPrivateSite } from './private-site.ts'
import { testStack } from './test-stack.ts'
import { createWalletCalls } from './walletconnect-calls.ts'

const stack = testStack()

export interface WalletConnectSite extends PrivateSite {
  relayUrl: string
  /** Stops the relay (its sockets close, as when its process ends) and starts it again on the same port. */
  stopRelay(): Promise<void>
  startRelay(): Promise<void>
}

/** A private site whose modal server names its own relay (on Redis when `redisUrl` is given). */
export async function startWalletConnectSite(
  options: { redisUrl?: string } & Pick<PrivateSiteOptions, 'apiUrl' | 'modalPort' | 'hostOrigins'> = {},
): Promise<WalletConnectSite> {
  const relayOptions = { host: '127.0.0.1', port: await freePort('127.0.0.1') }
  const launch = () =>
    startRelay({ ...relayOptions, ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}) })
  let relay: RunningRelay | undefined = await launch()
  try {
    const site = await startPrivateSite({
      relayUrl: relay.url,
      ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
      ...(options.modalPort ? { modalPort: options.modalPort } : {}),
      ...(options.hostOrigins ? { hostOrigins: options.hostOrigins } : {}),
    })
    return {
      ...site,
      relayUrl: relay.url,
      async stopRelay() {
        await relay?.close()
        relay = undefined
      },
      async startRelay() {
        relay = await launch()
      },
      close: async () => {
        await site.close()
        await relay?.close()
      },
    }
  } catch (error) {
    await relay.close()
    throw error
  }
}

type SessionRequest = { topic: string; id: number; method: string; params: unknown; chainId: string }

export interface TestWalletKit {
  address: Hex
  /** Every session request the wallet received, in order. */
  requests: SessionRequest[]
  /** The dapp metadata of every session proposal, as the wallet shows it to its user. */
  proposers: Array<{ name: string; url: string; icons: string[] }>
  /** Topics of the sessions the wallet holds. */
  sessionTopics(): string[]
  pair(uri: string): Promise<void>
  /** Resolves with the topic of the next session the wallet approves. */
  nextSession(): Promise<string>
  disconnect(topic: string): Promise<void>
  emit(topic: string, name: 'accountsChanged' | 'chainChanged', data: unknown, chainId: number): Promise<void>
  close(): Promise<void>
}

let walletCount = 0

/**
 * A wallet on the other side of the relay. It approves every eip155 proposal for its one account
 * on the devnet chains, and answers personal_sign, eth_signTypedData_v4 and eth_sendTransaction
 * (signed by the viem account and broadcast to the devnet), and EIP-5792 (walletconnect-calls.ts).
 */
export async function startTestWalletKit(options: {
  relayUrl: string
  privateKey: Hex
}): Promise<TestWalletKit> {
  const account: PrivateKeyAccount = privateKeyToAccount(options.privateKey)
  const chains = devnetChainDefinitions(stack.devnet).map((definition) => defineChain(definition))
  const calls = createWalletCalls(account, chains)
  const core = new Core({
    projectId: stack.projectId,
    relayUrl: options.relayUrl,
    storage: memoryStorage(),
    // Two clients in one process need their own prefix (sign-client keeps a global core per prefix).
    customStoragePrefix: `e2e-wallet-${++walletCount}-${Date.now()}`,
    telemetryEnabled: false,
  })
  // No vendor endpoint from the test wallet either: walletkit posts an init event regardless of
  // telemetryEnabled, and looks up Verify attestations (the relay already sends an empty one).
  core.eventClient.init = async () => undefined
  core.verify.resolve = (async () => undefined) as unknown as typeof core.verify.resolve
  const kit = await WalletKit.init({
    core,
    metadata: {
      name: 'WalletFrame E2E Wallet',
      description: 'A walletkit wallet driven by the e2e suite',
      url: 'https://wallet.walletframe.test',
      icons: [],
    },
    signConfig: { disableRequestQueue: true },
  })

  const requests: SessionRequest[] = []
  const proposers: TestWalletKit['proposers'] = []
  const approved: Array<(topic: string) => void> = []

  kit.on('session_proposal', async ({ id, params }) => {
    const { name, url, icons } = params.proposer.metadata
    proposers.push({ name, url, icons })
    const caip2 = chains.map((chain) => `eip155:${chain.id}`)
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: caip2,
          methods: params.optionalNamespaces.eip155?.methods ?? ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
          accounts: caip2.map((chain) => `${chain}:${account.address}`),
        },
      },
    })
    const session = await kit.approveSession({ id, namespaces })
    approved.shift()?.(session.topic)
  })

  kit.on('session_request', async ({ topic, id, params }) => {
    const { method, params: requestParams } = params.request
    requests.push({ topic, id, method, params: requestParams, chainId: params.chainId })
    const chain = chains.find((candidate) => `eip155:${candidate.id}` === params.chainId)
    const respond = (response: { result: unknown } | { error: { code: number; message: string } }) =>
      kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', ...response } })
    try {
      if (method === 'personal_sign') {
        const [message] = requestParams as [Hex]
        return await respond({ result: await account.signMessage({ message: { raw: message } }) })
      }
      if (method === 'eth_signTypedData_v4') {
        const [, json] = requestParams as [string, string]
        const typed = JSON.parse(json) as TypedDataDefinition
        return await respond({ result: await account.signTypedData(typed) })
      }
      if (method === 'eth_sendTransaction' && chain) {
        const [tx] = requestParams as [{ to: Hex; value?: Hex; data?: Hex }]
        const client = createWalletClient({ account, chain, transport: http() })
        const hash = await client.sendTransaction({
          to: tx.to,
          ...(tx.value ? { value: hexToBigInt(tx.value) } : {}),
          ...(tx.data ? { data: tx.data } : {}),
        })
        return await respond({ result: hash })
      }
      const answered = await calls.answer(method, requestParams)
      if (answered) return await respond(answered)
      await respond({ error: { code: 4200, message: `The e2e wallet does not support ${method}` } })
    } catch (error) {
      await respond({ error: { code: -32603, message: (error as Error).message } })
    }
  })

  return {
    address: account.address,
    requests,
    proposers,
    sessionTopics: () => Object.keys(kit.getActiveSessions()),
    pair: (uri) => kit.pair({ uri }),
    nextSession: () => new Promise((resolve) => approved.push(resolve)),
    disconnect: (topic) => kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') }),
    emit: (topic, name, data, chainId) =>
      kit.emitSessionEvent({ topic, event: { name, data }, chainId: `eip155:${chainId}` }),
    async close() {
      await core.relayer.transportClose().catch(() => undefined)
    },
  }
}

/**
 * A WalletConnect site with a data API of its own: the API must allow the site's modal origin
 * (CORS) before the modal server, which names the API, starts. `apiEnv`: the API's own settings.
 */
export async function startWalletConnectSiteWithApi(
  apiEnv: Record<string, string>,
): Promise<{ api: RunningApi; site: WalletConnectSite }> {
  const stack = testStack()
  const [apiPort, modalPort] = [await freePort('127.0.0.1'), await freePort(stack.modal.host)]
  const modalOrigin = `http://${stack.modal.host}:${modalPort}`
  const fixtures = Object.fromEntries(
    stack.devnet.chains.map((chain) => [chain.chainId, { ...fixtureContracts(), startBlock: 0n }]),
  )
  const api = await startApi({
    config: {
      ...resolveApiConfig(
        { WF_API_PORT: String(apiPort), ...apiEnv },
        { stack: { ...stack, modal: { ...stack.modal, origin: modalOrigin } }, fixtures },
      ),
      dataDir: undefined,
    },
  })
  return { api, site: await startWalletConnectSite({ apiUrl: api.url, modalPort }) }
}
