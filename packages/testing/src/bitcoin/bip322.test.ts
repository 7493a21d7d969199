import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64, hex } from '@scure/base'
import { Address, NETWORK, OutScript, p2tr, p2wpkh, TEST_NETWORK, WIF } from '@scure/btc-signer'
import { describe, expect, it } from 'vitest'
import { bip322MessageHash, signBip322Simple, toSign, toSpendTxid, verifyBip322Simple } from './bip322.ts'

/** BIP-322 "Test vectors": the key, its P2WPKH address and the published hashes and signatures. */
const BIP_KEY = WIF(NETWORK).decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
const BIP_ADDRESS = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const VECTORS = [
  {
    message: '',
    hash: 'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    toSpend: 'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
    toSign: '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
    signatures: [
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
  },
  {
    message: 'Hello World',
    hash: 'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    toSpend: 'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
    toSign: '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    signatures: [
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    ],
  },
]
/** Bitcoin Core's BIP-322 tests: the same key's taproot key-path address, "Hello World", SIGHASH_ALL. */
const CORE_P2TR_ADDRESS = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const CORE_P2TR_SIGNATURE =
  'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ=='

const utf8 = (text: string) => new TextEncoder().encode(text)
const script = (address: string) => OutScript.encode(Address(NETWORK).decode(address))

describe('BIP-322 simple signatures', () => {
  it('derives the vectors’ addresses from their key', () => {
    const publicKey = secp256k1.getPublicKey(BIP_KEY, true)
    expect(p2wpkh(publicKey, NETWORK).address).toBe(BIP_ADDRESS)
    expect(p2tr(schnorr.getPublicKey(BIP_KEY), undefined, NETWORK).address).toBe(CORE_P2TR_ADDRESS)
  })

  it.each(VECTORS)('builds the published message hash, to_spend and to_sign for "$message"', (vector) => {
    expect(hex.encode(bip322MessageHash(utf8(vector.message)))).toBe(vector.hash)
    expect(hex.encode(toSpendTxid(utf8(vector.message), script(BIP_ADDRESS)))).toBe(vector.toSpend)
    // A txid leaves the witness out: the signed to_sign has the id of the unsigned one.
    const tx = toSign(utf8(vector.message), script(BIP_ADDRESS))
    tx.signIdx(BIP_KEY, 0)
    tx.finalizeIdx(0)
    expect(tx.id).toBe(vector.toSign)
  })

  it.each(VECTORS)('verifies both published signatures of "$message", and signs one of them', (vector) => {
    for (const signature of vector.signatures) {
      expect(
        verifyBip322Simple({
          address: BIP_ADDRESS,
          message: utf8(vector.message),
          signature: base64.decode(signature),
        }),
      ).toBe(true)
    }
    const signed = signBip322Simple({
      privateKey: BIP_KEY,
      address: BIP_ADDRESS,
      message: utf8(vector.message),
    })
    expect(vector.signatures).toContain(base64.encode(signed))
  })

  it('verifies Bitcoin Core’s taproot vector, and a taproot signature of its own', () => {
    const message = utf8('Hello World')
    expect(
      verifyBip322Simple({
        address: CORE_P2TR_ADDRESS,
        message,
        signature: base64.decode(CORE_P2TR_SIGNATURE),
      }),
    ).toBe(true)
    const signature = signBip322Simple({ privateKey: BIP_KEY, address: CORE_P2TR_ADDRESS, message })
    expect(signature.length).toBe(1 + 1 + 64) // one stack item: a SIGHASH_DEFAULT Schnorr signature
    expect(verifyBip322Simple({ address: CORE_P2TR_ADDRESS, message, signature })).toBe(true)
    expect(verifyBip322Simple({ address: CORE_P2TR_ADDRESS, message: utf8('Hello World!'), signature })).toBe(
      false,
    )
  })

  it('signs and verifies for testnet addresses (the e2e wallet’s)', () => {
    const message = utf8('Sign in to the dapp')
    const publicKey = secp256k1.getPublicKey(BIP_KEY, true)
    for (const address of [
      p2wpkh(publicKey, TEST_NETWORK).address!,
      p2tr(schnorr.getPublicKey(BIP_KEY), undefined, TEST_NETWORK).address!,
    ]) {
      const signature = signBip322Simple({ privateKey: BIP_KEY, address, message })
      expect(verifyBip322Simple({ address, message, signature })).toBe(true)
    }
  })

  const hello = VECTORS[1]!
  const good = base64.decode(hello.signatures[0]!)
  const otherKey = hex.decode('0000000000000000000000000000000000000000000000000000000000000001')
  const otherAddress = p2wpkh(secp256k1.getPublicKey(otherKey, true), NETWORK).address!
  it.each([
    ['the wrong message', { address: BIP_ADDRESS, message: utf8('Hello World.'), signature: good }],
    ['another message’s signature', { address: BIP_ADDRESS, message: utf8(''), signature: good }],
    ['the wrong address', { address: otherAddress, message: utf8(hello.message), signature: good }],
    [
      'another key’s signature for the address',
      {
        address: BIP_ADDRESS,
        message: utf8(hello.message),
        signature: signBip322Simple({
          privateKey: otherKey,
          address: otherAddress,
          message: utf8(hello.message),
        }),
      },
    ],
    [
      'a flipped signature byte',
      {
        address: BIP_ADDRESS,
        message: utf8(hello.message),
        signature: good.map((b, i) => (i === 10 ? b ^ 1 : b)),
      },
    ],
    [
      'a sighash other than ALL',
      {
        address: BIP_ADDRESS,
        message: utf8(hello.message),
        signature: good.map((b, i) => (i === 72 ? 0x02 : b)),
      },
    ],
    [
      'a truncated witness',
      { address: BIP_ADDRESS, message: utf8(hello.message), signature: good.subarray(0, 40) },
    ],
    [
      'a P2PKH address',
      { address: '14vV3aCHBeStb5bkenkNHbe2YAFinYdXgc', message: utf8(hello.message), signature: good },
    ],
    ['not an address', { address: 'hello', message: utf8(hello.message), signature: good }],
  ])('does not verify %s', (_what, input) => {
    expect(verifyBip322Simple(input)).toBe(false)
  })
})
