import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { hex } from '@scure/base'
import { p2tr, p2wpkh, TEST_NETWORK, Transaction } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { psbtInputSigned, unsignedPsbt } from './psbt.ts'

const paymentKey = hex.decode('0101010101010101010101010101010101010101010101010101010101010101')
const ordinalsKey = hex.decode('0202020202020202020202020202020202020202020202020202020202020202')
const payment = p2wpkh(secp256k1.getPublicKey(paymentKey, true), TEST_NETWORK)
const ordinals = p2tr(schnorr.getPublicKey(ordinalsKey), undefined, TEST_NETWORK)

/** A PSBT spending one UTXO of each address to the payment address. */
function unsigned(amount = 9_000n) {
  const tx = new Transaction()
  tx.addInput({
    txid: new Uint8Array(32).fill(1),
    index: 0,
    witnessUtxo: { script: payment.script, amount: 10_000n },
  })
  tx.addInput({
    txid: new Uint8Array(32).fill(2),
    index: 1,
    witnessUtxo: { script: ordinals.script, amount: 546n },
    tapInternalKey: schnorr.getPublicKey(ordinalsKey),
  })
  tx.addOutputAddress(payment.address!, amount, TEST_NETWORK)
  return tx
}

describe('psbtInputSigned', () => {
  it('accepts the P2WPKH and P2TR key-path signatures of the inputs’ owners, and no unsigned input', () => {
    const tx = unsigned()
    expect(psbtInputSigned(tx.toPSBT(), 0)).toBe(false)
    tx.signIdx(paymentKey, 0)
    expect(psbtInputSigned(tx.toPSBT(), 0)).toBe(true)
    expect(psbtInputSigned(tx.toPSBT(), 1)).toBe(false)
    tx.signIdx(ordinalsKey, 1)
    expect(psbtInputSigned(tx.toPSBT(), 1)).toBe(true)
  })

  it('refuses signatures of another transaction (the outputs changed after signing)', () => {
    const signed = unsigned()
    signed.signIdx(paymentKey, 0)
    signed.signIdx(ordinalsKey, 1)
    const same = unsigned()
    same.updateInput(0, { partialSig: signed.getInput(0).partialSig })
    same.updateInput(1, { tapKeySig: signed.getInput(1).tapKeySig })
    expect([psbtInputSigned(same.toPSBT(), 0), psbtInputSigned(same.toPSBT(), 1)]).toEqual([true, true])
    const other = unsigned(8_000n)
    other.updateInput(0, { partialSig: signed.getInput(0).partialSig })
    other.updateInput(1, { tapKeySig: signed.getInput(1).tapKeySig })
    expect(psbtInputSigned(other.toPSBT(), 0)).toBe(false)
    expect(psbtInputSigned(other.toPSBT(), 1)).toBe(false)
  })

  it('builds unsigned PSBTs whose inputs name what they spend', () => {
    const psbt = Transaction.fromPSBT(
      unsignedPsbt(
        [
          { address: payment.address!, amount: 10_000n },
          { address: ordinals.address!, amount: 546n },
        ],
        { address: payment.address!, amount: 9_000n },
      ),
    )
    expect(psbt.inputsLength).toBe(2)
    expect(psbt.getInput(1).witnessUtxo).toEqual({ script: ordinals.script, amount: 546n })
    expect(psbt.getOutput(0).amount).toBe(9_000n)
    expect(psbtInputSigned(psbt.toPSBT(), 0)).toBe(false)
  })

  it('refuses a PSBT that is not one', () => {
    expect(psbtInputSigned(new Uint8Array([1, 2, 3]), 0)).toBe(false)
  })
})
