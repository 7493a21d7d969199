/**
 * A Solana wallet for tests, registered the Wallet Standard way (`wallet-standard:register-wallet`),
 * as Phantom or Solflare are: a real ed25519 key (@noble/curves) that signs messages and wire
 * transactions for real, and sends them to the Solana RPC it is given (`sendTransaction`). It asks
 * nobody: `approve` decides (default: yes), so a test can make it refuse (4001).
 * Runs in Node (vitest) and in a page (bundled into the e2e host page).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'

export interface SolanaTestWalletOptions {
  /** The 32-byte ed25519 seed (a fixed one makes a known address). */
  seed: Uint8Array
  name?: string
  /** Wallet Standard chains (`solana:localnet`, `solana:devnet`…). */
  chains?: string[]
  /** Where `signAndSendTransaction` posts `sendTransaction`, per chain. */
  rpcUrls?: Record<string, string>
  /** Called before each prompt the user would see; false rejects with 4001. */
  approve?: (what: string) => boolean | Promise<boolean>
}

type Listener = (properties: { accounts?: readonly object[] }) => void

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']

/** Reads a compact-u16 (the wire format's lengths) at `offset`: [value, next offset]. */
function shortVec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[offset++]!
    value |= (byte & 127) << shift
    if (!(byte & 128)) return [value, offset]
  }
}

/**
 * Signs a wire transaction with `secret` in the slot of its public key: the signatures come first
 * (a compact-u16 count, 64 bytes each), then the message, whose signer keys are the first account
 * keys (after a version byte for v0, and the 3-byte header whose first byte counts the signers).
 */
export function signWireTransaction(wire: Uint8Array, seed: Uint8Array): Uint8Array {
  const publicKey = ed25519.getPublicKey(seed)
  const [count, start] = shortVec(wire, 0)
  const messageOffset = start + count * 64
  const message = wire.subarray(messageOffset)
  let offset = message[0]! & 128 ? 1 : 0
  const signers = message[offset]!
  const [, keysOffset] = shortVec(message, offset + 3)
  offset = keysOffset
  for (let i = 0; i < Math.min(signers, count); i++) {
    const key = message.subarray(offset + i * 32, offset + (i + 1) * 32)
    if (key.every((byte, j) => byte === publicKey[j])) {
      const signed = wire.slice()
      signed.set(ed25519.sign(message, seed), start + i * 64)
      return signed
    }
  }
  throw new Error('this wallet is not a signer of the transaction')
}

export function createSolanaTestWallet(options: SolanaTestWalletOptions) {
  const { seed, name = 'Test Solana Wallet', chains = ['solana:localnet', 'solana:devnet'] } = options
  const publicKey = ed25519.getPublicKey(seed)
  const account = Object.freeze({ address: base58.encode(publicKey), publicKey, chains, features: FEATURES })
  let connected = false
  const listeners = new Set<Listener>()
  const changed = () => {
    for (const listener of listeners) listener({ accounts: connected ? [account] : [] })
  }
  const ask = async (what: string) => {
    if (!((await options.approve?.(what)) ?? true))
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
  }
  const mine = (input: { account?: { address?: string } }) => {
    if (!connected || input.account?.address !== account.address) throw new Error('unknown account')
  }
  const send = async (wire: Uint8Array, chain: string, sendOptions: Record<string, unknown> = {}) => {
    const url = options.rpcUrls?.[chain]
    if (!url) throw new Error(`no RPC for ${chain}`)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [base64.encode(wire), { encoding: 'base64', ...sendOptions }],
      }),
    })
    const body = (await response.json()) as { result?: string; error?: { code: number; message: string } }
    if (!body.result) throw Object.assign(new Error(body.error?.message ?? 'send failed'), body.error)
    return base58.decode(body.result)
  }

  const wallet = {
    version: '1.0.0' as const,
    name,
    // A green tile: any data URI the modal shows.
    icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'><rect width='8' height='8' fill='%2314b8a6'/></svg>",
    chains,
    get accounts() {
      return connected ? [account] : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input: { silent?: boolean } = {}) {
          if (!connected && !input.silent) {
            await ask('connect')
            connected = true
            changed()
          }
          return { accounts: wallet.accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          connected = false
          changed()
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: Listener) {
          if (event === 'change') listeners.add(listener)
          return () => listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
          for (const input of inputs) mine(input)
          await ask('signMessage')
          return inputs.map(({ message }) => ({
            signedMessage: message,
            signature: ed25519.sign(message, seed),
            signatureType: 'ed25519',
          }))
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signTransaction(...inputs: { account: { address: string }; transaction: Uint8Array }[]) {
          for (const input of inputs) mine(input)
          await ask('signTransaction')
          return inputs.map(({ transaction }) => ({
            signedTransaction: signWireTransaction(transaction, seed),
          }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        async signAndSendTransaction(
          ...inputs: {
            account: { address: string }
            chain: string
            transaction: Uint8Array
            options?: Record<string, unknown>
          }[]
        ) {
          for (const input of inputs) mine(input)
          await ask('signAndSendTransaction')
          const out: { signature: Uint8Array }[] = []
          for (const { chain, transaction, options: sendOptions } of inputs)
            out.push({ signature: await send(signWireTransaction(transaction, seed), chain, sendOptions) })
          return out
        },
      },
    },
  }
  return { wallet, address: account.address, publicKey }
}

/** Registers `wallet` with the page's Wallet Standard apps, now and later (the wallet side of the protocol). */
export function registerTestWallet(win: Window, wallet: object): void {
  const callback = ({ register }: { register(...wallets: object[]): unknown }) => register(wallet)
  win.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail))
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
}
