/**
 * The e2e test Bitcoin wallet: a Wallet Standard wallet with the bitcoin features Bitcoin wallets
 * register (docs in issue 15's shared contract: `bitcoin:connect`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction`, `standard:events`), a payment account (P2WPKH) and an ordinals account
 * (P2TR), signing with @scure/btc-signer: BIP-322 simple message signatures and PSBT inputs.
 * Bundled to an IIFE by ../build.ts and injected with `page.addInitScript` after an init script that
 * sets `window.__TEST_BITCOIN_WALLET_CONFIG__`; it registers itself over Wallet Standard's events.
 */
import { bitcoinKeyAccount, signBip322Simple, signPsbtInputs } from '@walletframe/testing/bitcoin'
import {
  TEST_BITCOIN_WALLET_GRANT_KEY,
  TEST_BITCOIN_WALLET_NAME,
  type TestBitcoinPurpose,
  type TestBitcoinWalletConfig,
  type TestBitcoinWalletControls,
} from './types.ts'

interface WalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
}
type ChangeListener = (properties: { accounts?: readonly WalletAccount[] }) => void
interface SignMessageInput {
  account: WalletAccount
  message: Uint8Array
}
interface SignTransactionInput {
  psbt: Uint8Array
  inputsToSign: { account: WalletAccount; signingIndexes: number[]; sigHash?: number }[]
  chain?: string
}

/** What a wallet throws when its user declines: Error with the EIP-1193 code wallets reuse. */
class UserRejectedError extends Error {
  readonly code = 4001
  constructor() {
    super('User rejected the request.')
  }
}

const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#c2410c"/><path d="M12 8v16M16 8v3M16 21v3M11 11h7a3 3 0 0 1 0 6h-7M11 17h8a3 3 0 0 1 0 6h-8" fill="none" stroke="#fff" stroke-width="2"/></svg>',
)}`

const config = window.__TEST_BITCOIN_WALLET_CONFIG__
if (!config) throw new Error('test Bitcoin wallet: window.__TEST_BITCOIN_WALLET_CONFIG__ is not set')
const { chain } = config as TestBitcoinWalletConfig
const ACCOUNT_FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const

/** One account per purpose, the address type following the purpose (taproot = ordinals). */
const keyed = (['payment', 'ordinals'] as const).map((purpose) => {
  const key = bitcoinKeyAccount(
    config.keys[purpose],
    purpose,
    chain === 'bitcoin:mainnet' ? 'mainnet' : 'testnet',
  )
  const account: WalletAccount = Object.freeze({
    address: key.address,
    publicKey: key.publicKey,
    chains: Object.freeze([chain]),
    features: ACCOUNT_FEATURES,
  })
  return { ...key, account }
})

/** The purposes granted before this page load (TEST_BITCOIN_WALLET_GRANT_KEY). */
const granted = (): unknown[] => {
  const stored = JSON.parse(localStorage.getItem(TEST_BITCOIN_WALLET_GRANT_KEY) ?? '[]') as unknown
  return Array.isArray(stored) ? stored : []
}
let connected = keyed.filter((entry) => granted().includes(entry.purpose))
const calls: string[] = []
const rejections = new Set<string>()
const listeners = new Set<ChangeListener>()

/** Records the call; throws the user's refusal when one was queued for this feature. */
function called(feature: string) {
  calls.push(feature)
  if (rejections.delete(feature)) throw new UserRejectedError()
}

/** The connected account a request names, by address; anything else is refused. */
function connectedAccount(account: WalletAccount | undefined) {
  const found = connected.find((entry) => entry.account.address === account?.address)
  if (!found) throw new Error(`The account ${String(account?.address)} is not connected`)
  return found
}

async function connect(input?: { purposes?: TestBitcoinPurpose[] }) {
  called('bitcoin:connect')
  const purposes = input?.purposes ?? ['payment']
  if (purposes.length === 0) throw new Error('Name at least one purpose: payment or ordinals')
  const unknown = purposes.filter((purpose) => purpose !== 'payment' && purpose !== 'ordinals')
  if (unknown.length > 0) throw new Error(`Unknown purposes: ${unknown.join(', ')}`)
  connected = keyed.filter((entry) => purposes.includes(entry.purpose))
  localStorage.setItem(TEST_BITCOIN_WALLET_GRANT_KEY, JSON.stringify(purposes))
  const accounts = connected.map((entry) => entry.account)
  for (const listener of listeners) listener({ accounts })
  return { accounts }
}

async function signMessage(...inputs: SignMessageInput[]) {
  called('bitcoin:signMessage')
  return inputs.map(({ account, message }) => {
    const { privateKey } = connectedAccount(account)
    const signature = signBip322Simple({ privateKey, address: account.address, message })
    return { signedMessage: message, signature }
  })
}

/** Signs the named inputs of each PSBT with the named accounts' keys; nothing is finalized or sent. */
async function signTransaction(...inputs: SignTransactionInput[]) {
  called('bitcoin:signTransaction')
  return inputs.map(({ psbt, inputsToSign, chain: requested }) => {
    if (requested !== undefined && requested !== chain) throw new Error(`The wallet is not on ${requested}`)
    const signedPsbt = inputsToSign.reduce(
      (signed, { account, signingIndexes, sigHash }) =>
        signPsbtInputs(signed, connectedAccount(account), signingIndexes, sigHash),
      psbt,
    )
    return { signedPsbt }
  })
}

const wallet = {
  version: '1.0.0' as const,
  name: TEST_BITCOIN_WALLET_NAME,
  icon: ICON,
  chains: [chain],
  get accounts() {
    return connected.map((entry) => entry.account)
  },
  features: {
    'bitcoin:connect': { version: '1.0.0', connect },
    'bitcoin:signMessage': { version: '1.0.0', signMessage },
    'bitcoin:signTransaction': { version: '1.0.0', signTransaction },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: ChangeListener) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
  },
}

const controls: TestBitcoinWalletControls = {
  rejectNext: (feature) => rejections.add(feature),
  get calls() {
    return [...calls]
  },
  get addresses() {
    return Object.fromEntries(keyed.map((entry) => [entry.purpose, entry.account.address])) as Record<
      TestBitcoinPurpose,
      string
    >
  },
  get connected() {
    return connected.length > 0
  },
}
window.__testBitcoinWallet = controls

/**
 * Wallet Standard registration: announce to an app already listening, and answer the app's
 * `app-ready` when it starts later. Either way the app's `register` receives the wallet.
 */
type RegisterApi = { register(wallet: unknown): unknown }
const register = (api: RegisterApi) => api.register(wallet)
window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
window.addEventListener('wallet-standard:app-ready', (event) =>
  register((event as CustomEvent<RegisterApi>).detail),
)
