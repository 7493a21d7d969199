/**
 * The e2e test wallet: a real EIP-1193 provider announced over EIP-6963, signing with viem local
 * accounts and sending to the anvil devnet. Bundled to an IIFE by build.ts and injected into the host
 * page with `page.addInitScript`, after an init script that sets `window.__TEST_WALLET_CONFIG__`.
 */
import {
  BaseError,
  createWalletClient,
  defineChain,
  type Hex,
  hexToBigInt,
  http,
  isAddressEqual,
  isHex,
  type TypedDataDefinition,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { assets, capabilities } from './assets.ts'
import {
  TEST_WALLET_GRANT_KEY,
  TEST_WALLET_NAME,
  TEST_WALLET_RDNS,
  type TestWalletConfig,
  type TestWalletControls,
} from './types.ts'

type Listener = (payload: unknown) => void
type RequestArguments = { method: string; params?: unknown }

/** EIP-1193 ProviderRpcError: what dapps and the SDK inspect is the numeric `code`. */
class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')
const unauthorized = () =>
  new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
const invalidParams = (detail: string) => new ProviderRpcError(-32602, `Invalid params: ${detail}`)
/** EIP-1193 4200: what a wallet without EIP-5792/7811 answers (it never asks its node about them). */
const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The wallet does not support ${method}`)

const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M8 11h16v12H8z" fill="none" stroke="#fff" stroke-width="2"/><circle cx="20" cy="17" r="2" fill="#fff"/></svg>',
)}`

/** crypto.randomUUID needs a secure context; getRandomValues works on any page. */
function uuidV4(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const toHexChainId = (chainId: number): Hex => `0x${chainId.toString(16)}`

function parseChainId(value: unknown): number {
  const chainId = typeof value === 'string' && isHex(value) ? Number.parseInt(value, 16) : Number.NaN
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidParams(`chainId ${String(value)}`)
  return chainId
}

function paramList(params: unknown): unknown[] {
  return Array.isArray(params) ? params : []
}

/** viem nests the node's error inside its own; surface the innermost `{code, message}`. */
function toProviderError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  if (error instanceof BaseError) {
    const coded = error.walk((inner) => typeof (inner as { code?: unknown }).code === 'number')
    const code = (coded as { code?: number } | null)?.code ?? -32603
    const message =
      (coded instanceof BaseError ? coded.details || coded.shortMessage : undefined) ?? error.shortMessage
    return new ProviderRpcError(code, message)
  }
  return new ProviderRpcError(-32603, error instanceof Error ? error.message : String(error))
}

function startTestWallet(config: TestWalletConfig): void {
  const accounts: PrivateKeyAccount[] = config.privateKeys.map((key) => privateKeyToAccount(key))
  if (accounts.length === 0) throw new Error('test wallet: __TEST_WALLET_CONFIG__.privateKeys is empty')
  const rpcUrls = new Map(config.chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  const listeners = new Map<string, Set<Listener>>()
  const pendingRejections = new Map<string, number>()
  const calls: string[] = []
  let activeIndex = 0
  let chainId = config.chainId
  // A real extension remembers which sites it granted access to, across reloads and tabs.
  const remember = (granted: boolean) => {
    if (granted) localStorage.setItem(TEST_WALLET_GRANT_KEY, '1')
    else localStorage.removeItem(TEST_WALLET_GRANT_KEY)
  }
  let connected = localStorage.getItem(TEST_WALLET_GRANT_KEY) === '1'
  let rpcId = 0

  const activeAccount = () => accounts[activeIndex]!

  function emit(event: string, payload: unknown): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        console.error(`test wallet: ${event} listener threw`, error)
      }
    }
  }

  function setChain(next: number): void {
    if (next === chainId) return
    chainId = next
    emit('chainChanged', toHexChainId(next))
  }

  function activeRpcUrl(): string {
    const url = rpcUrls.get(chainId)
    if (!url) throw new ProviderRpcError(4901, `The provider is not connected to chain ${chainId}.`)
    return url
  }

  async function rpc(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(activeRpcUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    }).catch((error: unknown) => {
      throw new ProviderRpcError(4901, `RPC of chain ${chainId} unreachable: ${String(error)}`)
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  /**
   * `eth_subscribe('newHeads')`, as an extension serves it over its own node connection: here the
   * node is reached over HTTP, so new blocks are polled, and each one is delivered as EIP-1193's
   * `message` event of type `eth_subscription`.
   */
  const subscriptions = new Map<Hex, ReturnType<typeof setInterval>>()
  async function subscribe(kind: unknown): Promise<Hex> {
    if (kind !== 'newHeads')
      throw invalidParams(`the test wallet subscribes to newHeads only, not ${String(kind)}`)
    const id =
      `0x${crypto.getRandomValues(new Uint8Array(16)).reduce((hex, byte) => hex + byte.toString(16).padStart(2, '0'), '')}` as Hex
    let last = (await rpc('eth_blockNumber', [])) as Hex
    const poll = async () => {
      const head = (await rpc('eth_getBlockByNumber', ['latest', false])) as { number: Hex; hash: Hex }
      if (hexToBigInt(head.number) <= hexToBigInt(last) || !subscriptions.has(id)) return
      last = head.number
      emit('message', { type: 'eth_subscription', data: { subscription: id, result: head } })
    }
    subscriptions.set(
      id,
      setInterval(() => void poll().catch(() => undefined), 100),
    )
    return id
  }

  /** Signing and sending need a connected wallet and the active account, like any real wallet. */
  function requireActive(address: unknown): PrivateKeyAccount {
    const account = activeAccount()
    if (!connected || typeof address !== 'string' || !isHex(address)) throw unauthorized()
    if (!isAddressEqual(address, account.address)) throw unauthorized()
    return account
  }

  async function sendTransaction(tx: Record<string, unknown>): Promise<Hex> {
    const account = requireActive(tx.from)
    const bigint = (value: unknown) =>
      typeof value === 'string' && isHex(value) ? hexToBigInt(value) : undefined
    const chain = defineChain({
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [activeRpcUrl()] } },
    })
    const client = createWalletClient({ account, chain, transport: http() })
    // viem fills nonce, gas and fees from the chain, signs locally and sends eth_sendRawTransaction.
    return client.sendTransaction({
      to: tx.to as Hex | undefined,
      value: bigint(tx.value),
      data: (tx.data ?? tx.input) as Hex | undefined,
      gas: bigint(tx.gas),
      nonce: tx.nonce === undefined ? undefined : Number(bigint(tx.nonce)),
      ...(tx.gasPrice !== undefined
        ? { gasPrice: bigint(tx.gasPrice) }
        : { maxFeePerGas: bigint(tx.maxFeePerGas), maxPriorityFeePerGas: bigint(tx.maxPriorityFeePerGas) }),
    })
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    const args = paramList(params)
    switch (method) {
      case 'eth_requestAccounts':
        if (!connected) {
          connected = true
          remember(true)
          emit('connect', { chainId: toHexChainId(chainId) })
          emit('accountsChanged', [activeAccount().address])
        }
        return [activeAccount().address]
      case 'eth_accounts':
        return connected ? [activeAccount().address] : []
      case 'eth_chainId':
        return toHexChainId(chainId)
      case 'net_version':
        return String(chainId)
      case 'personal_sign': {
        const [message, address] = args
        const account = requireActive(address)
        if (typeof message !== 'string') throw invalidParams('personal_sign message must be a string')
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = args
        const account = requireActive(address)
        const typedData = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition
        return account.signTypedData(typedData)
      }
      case 'eth_sendTransaction': {
        const [tx] = args
        if (!tx || typeof tx !== 'object')
          throw invalidParams('eth_sendTransaction needs a transaction object')
        return sendTransaction(tx as Record<string, unknown>)
      }
      case 'wallet_switchEthereumChain': {
        const target = parseChainId((args[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!rpcUrls.has(target))
          throw new ProviderRpcError(4902, `Unrecognized chain ID ${toHexChainId(target)}.`)
        setChain(target)
        return null
      }
      case 'wallet_addEthereumChain': {
        const chain = args[0] as { chainId?: unknown; rpcUrls?: unknown } | undefined
        const target = parseChainId(chain?.chainId)
        const [rpcUrl] = Array.isArray(chain?.rpcUrls) ? chain.rpcUrls : []
        if (typeof rpcUrl !== 'string') throw invalidParams('wallet_addEthereumChain needs rpcUrls')
        rpcUrls.set(target, rpcUrl)
        return null
      }
      case 'wallet_getCapabilities':
        if (!config.assetDiscovery) throw unsupportedMethod(method)
        requireActive(args[0])
        return capabilities({ chains: rpcUrls, tokens: config.assetDiscovery.tokens })
      case 'wallet_getAssets': {
        if (!config.assetDiscovery) throw unsupportedMethod(method)
        const request = args[0] as { account?: unknown; chainFilter?: Hex[] } | undefined
        const account = requireActive(request?.account)
        return assets(
          { chains: rpcUrls, tokens: config.assetDiscovery.tokens },
          { account: account.address, ...(request?.chainFilter ? { chainFilter: request.chainFilter } : {}) },
        )
      }
      case 'eth_subscribe':
        if (!connected) throw unauthorized()
        return subscribe(args[0])
      case 'eth_unsubscribe': {
        const timer = subscriptions.get(args[0] as Hex)
        clearInterval(timer)
        return subscriptions.delete(args[0] as Hex)
      }
      case 'wallet_revokePermissions':
        if (connected) {
          connected = false
          remember(false)
          emit('accountsChanged', [])
        }
        return null
      default:
        return rpc(method, params)
    }
  }

  const provider = {
    isTestWallet: true,
    async request({ method, params }: RequestArguments): Promise<unknown> {
      calls.push(method)
      const rejections = pendingRejections.get(method) ?? 0
      if (rejections > 0) {
        pendingRejections.set(method, rejections - 1)
        throw userRejected()
      }
      try {
        return await handle(method, params)
      } catch (error) {
        throw toProviderError(error)
      }
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set.add(listener))
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  const controls: TestWalletControls = {
    switchAccount(index) {
      if (!accounts[index]) throw new Error(`test wallet: no account ${index} (have ${accounts.length})`)
      if (index === activeIndex) return
      activeIndex = index
      if (connected) emit('accountsChanged', [activeAccount().address])
    },
    switchChain: setChain,
    emitRaw: emit,
    rejectNext(method) {
      pendingRejections.set(method, (pendingRejections.get(method) ?? 0) + 1)
    },
    get calls() {
      return [...calls]
    },
    get address() {
      return activeAccount().address
    },
    get chainId() {
      return chainId
    },
    get connected() {
      return connected
    },
  }
  window.__testWallet = controls
  if (config.legacyInjected) (window as { ethereum?: unknown }).ethereum = provider

  // EIP-6963: announce now for listeners already there, and again for every dapp that asks later.
  const info = Object.freeze({ uuid: uuidV4(), name: TEST_WALLET_NAME, icon: ICON, rdns: TEST_WALLET_RDNS })
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/**
 * Init scripts run in every frame of the page. Where storage is blocked (the cross-site modal and
 * key frames) the wallet could not remember its grant, and a real extension's page script is not
 * what those frames test: it stays out, instead of throwing there.
 */
function storageBlocked(): boolean {
  try {
    return !window.localStorage
  } catch {
    return true
  }
}

const config = window.__TEST_WALLET_CONFIG__
if (!config)
  console.error('test wallet: window.__TEST_WALLET_CONFIG__ is not set; the wallet is not injected')
else if (!storageBlocked()) startTestWallet(config)
