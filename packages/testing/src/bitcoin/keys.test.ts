import { SigHash } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { bitcoinKeyAccount, signPsbtInputs } from './keys.ts'
import { psbtInputSigned, unsignedPsbt } from './psbt.ts'

const KEY = '0101010101010101010101010101010101010101010101010101010101010101'
const payment = bitcoinKeyAccount(KEY, 'payment', 'testnet')
const ordinals = bitcoinKeyAccount(KEY, 'ordinals', 'testnet')

describe('Bitcoin key accounts', () => {
  it('give a P2WPKH payment and a P2TR ordinals address, on the network asked', () => {
    expect(payment.address).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/)
    expect(ordinals.address).toMatch(/^tb1p[02-9ac-hj-np-z]{58}$/)
    expect([payment.publicKey.length, ordinals.publicKey.length]).toEqual([33, 32])
    expect(bitcoinKeyAccount(KEY, 'payment', 'mainnet').address).toMatch(/^bc1q/)
  })

  const psbt = () =>
    unsignedPsbt(
      [
        { address: payment.address, amount: 10_000n },
        { address: ordinals.address, amount: 546n },
      ],
      { address: payment.address, amount: 9_000n },
    )

  it('sign the inputs asked, each with its account, keeping the others unsigned', () => {
    const once = signPsbtInputs(psbt(), payment, [0])
    expect([psbtInputSigned(once, 0), psbtInputSigned(once, 1)]).toEqual([true, false])
    const twice = signPsbtInputs(once, ordinals, [1])
    expect([psbtInputSigned(twice, 0), psbtInputSigned(twice, 1)]).toEqual([true, true])
  })

  it('sign with the sighash type asked', () => {
    const signed = signPsbtInputs(psbt(), payment, [0], SigHash.ALL_ANYONECANPAY)
    expect(psbtInputSigned(signed, 0)).toBe(true)
  })

  it('refuse an input that is not the account’s, or not there', () => {
    expect(() => signPsbtInputs(psbt(), payment, [1])).toThrow(/is not tb1q.*'s to sign/)
    expect(() => signPsbtInputs(psbt(), payment, [2])).toThrow('The PSBT has no input 2')
  })
})
