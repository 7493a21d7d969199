/** What a test asks of a PSBT a wallet signed: is input `index` validly signed for what it spends? */
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { addressNetwork } from './bip322.ts'
import { type Prevout, verifyKeySpend } from './witness.ts'

/**
 * Whether input `index` of `psbt` carries a valid key-spend signature (P2WPKH or P2TR key path)
 * of the output it spends, as finalizing it would put in the witness. Every input must name its
 * witness UTXO; the input's sighash type, if set, is the one allowed.
 */
export function psbtInputSigned(psbt: Uint8Array, index: number): boolean {
  try {
    const tx = Transaction.fromPSBT(psbt)
    const prevouts: Prevout[] = []
    for (let i = 0; i < tx.inputsLength; i++) {
      const utxo = tx.getInput(i).witnessUtxo
      if (!utxo) return false
      prevouts.push(utxo)
    }
    const sighash = tx.getInput(index).sighashType
    tx.finalizeIdx(index)
    const witness = tx.getInput(index).finalScriptWitness
    return (
      witness !== undefined &&
      verifyKeySpend(tx, index, prevouts, witness, sighash === undefined ? undefined : [sighash])
    )
  } catch {
    return false
  }
}

/**
 * An unsigned PSBT spending one (made-up) UTXO of each of `spends` to `payTo`: what a dapp hands a
 * wallet to sign. Each input names its witness UTXO, as signers need.
 */
export function unsignedPsbt(
  spends: readonly { address: string; amount: bigint }[],
  payTo: { address: string; amount: bigint },
): Uint8Array {
  const network = addressNetwork(payTo.address)
  const tx = new Transaction()
  spends.forEach(({ address, amount }, i) => {
    tx.addInput({
      txid: new Uint8Array(32).fill(i + 1),
      index: i,
      witnessUtxo: { script: OutScript.encode(Address(network).decode(address)), amount },
    })
  })
  tx.addOutputAddress(payTo.address, payTo.amount, network)
  return tx.toPSBT()
}
