/**
 * A Wallet Standard Bitcoin wallet of the page (the `bitcoin:*` features of issue 15, as Exodus and
 * Xverse register them), run in the bip122 vocabulary (namespaces/bip122-rpc.ts).
 */
import type { Bip122RpcParams, BitcoinAddress } from '@walletframe/protocol/host'
import { PROVIDER_UNSUPPORTED_METHOD, WalletFrameError } from '@walletframe/protocol/host'
import { fromBase64, toBase64, toHex } from '../wallet-standard/codec.ts'
import { type Connection, caipToChain } from '../wallet-standard/connection.ts'
import { invalidParams } from '../wallet-standard/errors.ts'
import { featureOf, type StandardAccount, type StandardWallet } from '../wallet-standard/types.ts'

const isBitcoinChain = (chain: string) => chain.startsWith('bitcoin:')
/** Spec §3 bip122 account types: a taproot address holds ordinals, any other pays. */
export const purposeOf = (address: string): BitcoinAddress['purpose'] =>
  /^(bc|tb|bcrt)1p/i.test(address) ? 'ordinals' : 'payment'

export const bitcoinAccounts = (wallet: StandardWallet): StandardAccount[] =>
  wallet.accounts.filter((account) => account.chains.some(isBitcoinChain))

export const isBitcoinWallet = (wallet: StandardWallet): boolean =>
  !!featureOf(wallet, 'bitcoin:connect', 'connect') &&
  !!featureOf(wallet, 'bitcoin:signMessage', 'signMessage') &&
  !!featureOf(wallet, 'bitcoin:signTransaction', 'signTransaction')

const describe = (accounts: readonly StandardAccount[]): BitcoinAddress[] =>
  accounts.map((a) => ({ address: a.address, publicKey: toHex(a.publicKey), purpose: purposeOf(a.address) }))

interface BitcoinFeatures {
  connect(input: { purposes: BitcoinAddress['purpose'][] }): Promise<{ accounts: StandardAccount[] }>
  signMessage(
    ...inputs: { account: StandardAccount; message: Uint8Array }[]
  ): Promise<{ signature: Uint8Array }[]>
  signTransaction(
    ...inputs: {
      psbt: Uint8Array
      inputsToSign: { account: StandardAccount; signingIndexes: number[]; sigHash?: number }[]
      chain?: string
    }[]
  ): Promise<{ signedPsbt: Uint8Array }[]>
}

interface SilentConnect {
  connect(input: { silent: true }): Promise<unknown>
}

export function serveBitcoin(wallet: StandardWallet, connection: Connection) {
  const feature = <K extends keyof BitcoinFeatures>(name: K) =>
    featureOf<Pick<BitcoinFeatures, K>>(wallet, `bitcoin:${name}`, name)!
  const account = (address: string | undefined) => {
    const found = bitcoinAccounts(wallet).find((a) => a.address === address)
    if (!found) throw invalidParams(`${wallet.name} has no account ${address}`)
    return found
  }

  return async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    switch (method) {
      case 'getAccountAddresses': {
        const p = (params ?? {}) as Bip122RpcParams<'getAccountAddresses'>
        const known = bitcoinAccounts(wallet)
        if (known.length && (p.account || p.silent)) return describe(known)
        if (p.silent) {
          // bitcoin:connect always prompts; Wallet Standard's silent connect, where the wallet has it.
          const standard = featureOf<SilentConnect>(wallet, 'standard:connect', 'connect')
          await standard?.connect({ silent: true })
          return describe(bitcoinAccounts(wallet))
        }
        const { accounts } = await feature('connect').connect({ purposes: ['payment', 'ordinals'] })
        return describe(accounts.filter((a) => a.chains.some(isBitcoinChain)))
      }
      case 'signMessage': {
        const p = params as Bip122RpcParams<'signMessage'>
        // The Wallet Standard feature signs BIP-322 "simple" only.
        if (p.protocol === 'ecdsa') throw invalidParams(`${wallet.name} signs BIP-322 messages only`)
        const signer = account(p.address ?? p.account)
        const [out] = await feature('signMessage').signMessage({
          account: signer,
          message: new TextEncoder().encode(p.message),
        })
        return { address: signer.address, signature: toBase64(out!.signature) }
      }
      case 'signPsbt': {
        const p = params as Bip122RpcParams<'signPsbt'>
        if (p.broadcast) throw invalidParams(`${wallet.name} signs only: broadcast the PSBT yourself`)
        if (!p.signInputs?.length) throw invalidParams('signInputs must name the inputs to sign')
        const byAddress = new Map<string, { indexes: number[]; sigHash?: number }>()
        for (const { address, index, sighashTypes } of p.signInputs) {
          const entry = byAddress.get(address) ?? { indexes: [], sigHash: sighashTypes?.[0] }
          entry.indexes.push(index)
          byAddress.set(address, entry)
        }
        const inputsToSign = [...byAddress].map(([address, { indexes, sigHash }]) => ({
          account: account(address),
          signingIndexes: indexes,
          ...(sigHash !== undefined && { sigHash }),
        }))
        const chain = caipToChain(connection.account().caipNetworkId)
        const [out] = await feature('signTransaction').signTransaction({
          psbt: fromBase64(p.psbt),
          inputsToSign,
          ...(chain && { chain }),
        })
        return { psbt: toBase64(out!.signedPsbt) }
      }
      default:
        throw new WalletFrameError(PROVIDER_UNSUPPORTED_METHOD, { details: method })
    }
  }
}
