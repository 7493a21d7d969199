/**
 * BIP-322 "simple" message signatures for segwit v0 key-hash (P2WPKH) and taproot key-path (P2TR)
 * addresses: the two virtual transactions `to_spend` and `to_sign`, a signer (the e2e test Bitcoin
 * wallet's) and a verifier (what the e2e checks the dapp received against). A simple signature is
 * the witness stack of `to_sign`'s one input, consensus-serialized; base64 is the transport's job.
 */
import {
  Address,
  NETWORK,
  OutScript,
  RawTx,
  RawWitness,
  Script,
  TEST_NETWORK,
  Transaction,
  utils,
} from '@scure/btc-signer'
import { sha256x2, tagSchnorr } from '@scure/btc-signer/utils.js'
import { verifyKeySpend } from './witness.ts'

type BtcNetwork = typeof NETWORK

const MESSAGE_TAG = 'BIP0322-signed-message'
/** Both virtual transactions are version 0 with lock time 0 and sequence 0 (BIP-322 "Full"). */
const VIRTUAL_TX = { version: 0, allowUnknownOutputs: true, lockTime: 0 }

/** The BIP340-tagged hash of the message, as is (no length prefix). */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  return tagSchnorr(MESSAGE_TAG, message)
}

/** The network of a segwit address by its human-readable part (bc1… mainnet, tb1… testnet). */
export function addressNetwork(address: string): BtcNetwork {
  if (/^bc1/i.test(address)) return NETWORK
  if (/^tb1/i.test(address)) return TEST_NETWORK
  throw new Error(`Not a segwit address: ${address}`)
}

/** The txid (display order) of `to_spend`, which commits to the message and the address's script. */
export function toSpendTxid(message: Uint8Array, scriptPubKey: Uint8Array): Uint8Array {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode([0, bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script: scriptPubKey }],
    witnesses: [],
    lockTime: 0,
  })
  return sha256x2(raw).reverse()
}

/** `to_sign`, unsigned: spends `to_spend`'s output 0 to one empty OP_RETURN output. */
export function toSign(message: Uint8Array, scriptPubKey: Uint8Array, tapInternalKey?: Uint8Array) {
  const tx = new Transaction(VIRTUAL_TX)
  tx.addInput({
    txid: toSpendTxid(message, scriptPubKey),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: scriptPubKey, amount: 0n },
    ...(tapInternalKey ? { tapInternalKey } : {}),
  })
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return tx
}

/**
 * The simple signature of `message` by `privateKey` for `address` (its P2WPKH address, or its P2TR
 * key-path address). `auxRand` fixes the Schnorr nonce's randomness (tests); ECDSA is deterministic.
 */
export function signBip322Simple(input: {
  privateKey: Uint8Array
  address: string
  message: Uint8Array
  auxRand?: Uint8Array
}): Uint8Array {
  const network = addressNetwork(input.address)
  const decoded = Address(network).decode(input.address)
  const scriptPubKey = OutScript.encode(decoded)
  const internalKey = decoded.type === 'tr' ? utils.pubSchnorr(input.privateKey) : undefined
  const tx = toSign(input.message, scriptPubKey, internalKey)
  if (decoded.type !== 'wpkh' && decoded.type !== 'tr')
    throw new Error(`Unsupported address type ${decoded.type}`)
  tx.signIdx(input.privateKey, 0, undefined, input.auxRand)
  tx.finalizeIdx(0)
  const witness = tx.getInput(0).finalScriptWitness
  if (!witness) throw new Error('The signature has no witness')
  return RawWitness.encode(witness)
}

/**
 * Whether `signature` (a simple signature: the serialized witness) proves `address` signed
 * `message`: a valid key spend of `to_sign`'s input (witness.ts), SIGHASH_ALL (or taproot's
 * SIGHASH_DEFAULT, its equivalent), by a P2WPKH or P2TR address. Anything else does not verify.
 */
export function verifyBip322Simple(input: {
  address: string
  message: Uint8Array
  signature: Uint8Array
}): boolean {
  try {
    const script = OutScript.encode(Address(addressNetwork(input.address)).decode(input.address))
    const witness = RawWitness.decode(input.signature)
    return verifyKeySpend(toSign(input.message, script), 0, [{ script, amount: 0n }], witness)
  } catch {
    return false
  }
}
