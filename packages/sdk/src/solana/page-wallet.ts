/**
 * A Wallet Standard Solana wallet of the page, run in the solana vocabulary (namespaces/solana-rpc.ts):
 * what the modal asks it through `host.walletRequest`, and what the provider asks it directly while
 * it is the connected wallet. Features are `@solana/wallet-standard-features`'.
 */
import type { SolanaSendOptions } from '@walletframe/protocol/host'
import { PROVIDER_UNSUPPORTED_METHOD, WalletFrameError } from '@walletframe/protocol/host'
import { fromBase58, fromBase64, toBase58, toBase64 } from '../wallet-standard/codec.ts'
import { type Connection, caipToChain } from '../wallet-standard/connection.ts'
import { invalidParams } from '../wallet-standard/errors.ts'
import { featureOf, type StandardAccount, type StandardWallet } from '../wallet-standard/types.ts'
import { firstSignature } from './transaction.ts'

const isSolanaChain = (chain: string) => chain.startsWith('solana:')
export const solanaAccounts = (wallet: StandardWallet): StandardAccount[] =>
  wallet.accounts.filter((account) => account.chains.some(isSolanaChain))

export const isSolanaWallet = (wallet: StandardWallet): boolean =>
  Array.isArray(wallet.chains) &&
  wallet.chains.some(isSolanaChain) &&
  !!featureOf(wallet, 'standard:connect', 'connect') &&
  !!featureOf(wallet, 'solana:signMessage', 'signMessage') &&
  !!featureOf(wallet, 'solana:signTransaction', 'signTransaction')

function feature<F>(wallet: StandardWallet, name: string, method: keyof F & string): F {
  const found = featureOf<F>(wallet, name, method)
  if (!found)
    throw new WalletFrameError(PROVIDER_UNSUPPORTED_METHOD, { details: `${wallet.name}: no ${name}` })
  return found
}

interface SignedTransactions {
  signTransaction(...inputs: object[]): Promise<{ signedTransaction: Uint8Array }[]>
}

/** The wallet's side of each solana method: params and results as they cross the channel. */
export function serveSolana(wallet: StandardWallet, connection: Connection) {
  /** The account the modal reports connected, else the wallet's first Solana account. */
  const account = (pubkey?: string) => {
    const address = pubkey ?? connection.account().address
    const accounts = solanaAccounts(wallet)
    const found = accounts.find((a) => a.address === address) ?? (pubkey ? undefined : accounts[0])
    if (!found) throw invalidParams(`${wallet.name} has no account ${address}`)
    return found
  }
  const chain = () => caipToChain(connection.account().caipNetworkId) ?? 'solana:mainnet'
  const sign = async (transactions: string[]) => {
    const signer = feature<SignedTransactions>(wallet, 'solana:signTransaction', 'signTransaction')
    const inputs = transactions.map((t) => ({
      account: account(),
      transaction: fromBase64(t),
      chain: chain(),
    }))
    return (await signer.signTransaction(...inputs)).map((out) => out.signedTransaction)
  }

  return async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const p = (params ?? {}) as Record<string, unknown>
    switch (method) {
      case 'solana_requestAccounts': {
        const connector = feature<{ connect(input?: { silent?: boolean }): Promise<unknown> }>(
          wallet,
          'standard:connect',
          'connect',
        )
        // `silent` (the modal restoring a connection after a reload): no prompt; no trusted account, none.
        await connector.connect(p.silent === true ? { silent: true } : undefined)
        return solanaAccounts(wallet).map((a) => ({ pubkey: a.address }))
      }
      case 'solana_getAccounts':
        return solanaAccounts(wallet).map((a) => ({ pubkey: a.address }))
      case 'solana_signMessage': {
        const signer = feature<{
          signMessage(input: object): Promise<{ signature: Uint8Array }[]>
        }>(wallet, 'solana:signMessage', 'signMessage')
        const [out] = await signer.signMessage({
          account: account(String(p.pubkey)),
          message: fromBase58(String(p.message)),
        })
        return { signature: toBase58(out!.signature) }
      }
      case 'solana_signTransaction': {
        const [signed] = await sign([String(p.transaction)])
        return { signature: firstSignature(signed!), transaction: toBase64(signed!) }
      }
      case 'solana_signAllTransactions':
        return { transactions: (await sign(p.transactions as string[])).map(toBase64) }
      case 'solana_signAndSendTransaction': {
        const sender = feature<{
          signAndSendTransaction(input: object): Promise<{ signature: Uint8Array }[]>
        }>(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction')
        const options = p.sendOptions as SolanaSendOptions | undefined
        const [out] = await sender.signAndSendTransaction({
          account: account(),
          chain: chain(),
          transaction: fromBase64(String(p.transaction)),
          ...(options && { options }),
        })
        return { signature: toBase58(out!.signature) }
      }
      default:
        throw new WalletFrameError(PROVIDER_UNSUPPORTED_METHOD, { details: method })
    }
  }
}
