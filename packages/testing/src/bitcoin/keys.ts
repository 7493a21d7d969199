/**
 * A Bitcoin wallet's two accounts on one key each (issue 15, spec §3 bip122 account types): payment
 * (P2WPKH) and ordinals (P2TR key path), and their signing of PSBT inputs. The e2e test Bitcoin
 * wallet runs these in the page; tests run them in Node.
 */
import { hex } from '@scure/base'
import { NETWORK, p2tr, p2wpkh, TEST_NETWORK, Transaction, utils } from '@scure/btc-signer'
import { pubECDSA } from '@scure/btc-signer/utils.js'

export type BitcoinPurpose = 'payment' | 'ordinals'

export interface BitcoinKeyAccount {
  purpose: BitcoinPurpose
  privateKey: Uint8Array
  address: string
  /** Compressed (33 bytes) for payment, x-only (32 bytes) for ordinals, as wallets give them. */
  publicKey: Uint8Array
  /** The address's output script. */
  script: Uint8Array
}

/** The account of `purpose` on the hex private key, with its address on `network`. */
export function bitcoinKeyAccount(
  privateKeyHex: string,
  purpose: BitcoinPurpose,
  network: 'mainnet' | 'testnet',
): BitcoinKeyAccount {
  const privateKey = hex.decode(privateKeyHex)
  const net = network === 'mainnet' ? NETWORK : TEST_NETWORK
  const publicKey = purpose === 'payment' ? pubECDSA(privateKey) : utils.pubSchnorr(privateKey)
  const payment = purpose === 'payment' ? p2wpkh(publicKey, net) : p2tr(publicKey, undefined, net)
  return { purpose, privateKey, address: payment.address!, publicKey, script: payment.script }
}

/**
 * `psbt` with inputs `indexes` signed by `account` (with `sigHash` when given), not finalized: what
 * a wallet's signTransaction returns. An input that is not the account's to sign, or that does not
 * exist, throws.
 */
export function signPsbtInputs(
  psbt: Uint8Array,
  account: BitcoinKeyAccount,
  indexes: readonly number[],
  sigHash?: number,
): Uint8Array {
  const tx = Transaction.fromPSBT(psbt)
  for (const index of indexes) {
    if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) {
      throw new Error(`The PSBT has no input ${index}`)
    }
    // A taproot key-path input names the internal key; fill it in for the account's own output.
    const spent = tx.getInput(index).witnessUtxo?.script
    if (account.purpose === 'ordinals' && spent && utils.compareBytes(spent, account.script) === 0) {
      tx.updateInput(index, { tapInternalKey: account.publicKey })
    }
    if (sigHash !== undefined) tx.updateInput(index, { sighashType: sigHash })
    let signed = false
    try {
      signed = tx.signIdx(account.privateKey, index, sigHash === undefined ? undefined : [sigHash])
    } catch {
      signed = false
    }
    if (!signed) throw new Error(`Input ${index} is not ${account.address}'s to sign`)
  }
  return tx.toPSBT()
}
