/**
 * Solana's transaction wire format (legacy and v0 messages), decoded so that the approval shows
 * what is signed and the signature lands in the signer's slot. Small and own rather than
 * @solana/kit's codecs: the key frame's size budget (docs/embedded-wallet.md "Solana account").
 * Layout: compact-u16 signature count, 64-byte signatures, then the message the signatures sign.
 */
import { bytesToBase58 } from '../custody/base58.ts'

export const SIGNATURE_LENGTH = 64
const KEY_LENGTH = 32
/** The largest transaction a Solana node accepts (one IPv6 MTU's packet). */
export const MAX_TRANSACTION_LENGTH = 1232

/** A transaction or message that is not Solana's wire format; `message` says where it broke. */
export class SolanaWireError extends Error {
  override readonly name = 'SolanaWireError'
}

export interface CompiledInstruction {
  programIdIndex: number
  /** Indexes into the message's account list (static keys, then lookup-table entries). */
  accountIndexes: number[]
  data: Uint8Array
}

export interface AddressTableLookup {
  table: string
  writableIndexes: number[]
  readonlyIndexes: number[]
}

export interface SolanaMessage {
  version: 'legacy' | 0
  /** How many of the first static accounts sign; the first of them pays the fee. */
  requiredSignatures: number
  readonlySigned: number
  readonlyUnsigned: number
  staticAccounts: string[]
  recentBlockhash: string
  instructions: CompiledInstruction[]
  /** v0 only: accounts loaded from address lookup tables (not resolved here: that needs the chain). */
  lookups: AddressTableLookup[]
}

export interface SolanaTransaction {
  signatures: Uint8Array[]
  /** The bytes the signatures sign. */
  messageBytes: Uint8Array
  message: SolanaMessage
}

class Reader {
  offset = 0
  constructor(readonly bytes: Uint8Array) {}

  byte(what: string): number {
    if (this.offset >= this.bytes.length) throw new SolanaWireError(`It ends before ${what}.`)
    return this.bytes[this.offset++]!
  }

  take(length: number, what: string): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new SolanaWireError(`It ends inside ${what}.`)
    this.offset += length
    return this.bytes.subarray(this.offset - length, this.offset)
  }

  /** Solana's compact-u16: 7 bits a byte, low first, at most 3 bytes. */
  length(what: string): number {
    let value = 0
    for (let shift = 0; shift < 21; shift += 7) {
      const byte = this.byte(what)
      value |= (byte & 0x7f) << shift
      if ((byte & 0x80) === 0) {
        if (value > 0xffff) break
        return value
      }
    }
    throw new SolanaWireError(`The length of ${what} is not a compact-u16.`)
  }

  key(what: string): string {
    return bytesToBase58(this.take(KEY_LENGTH, what))
  }

  indexes(what: string): number[] {
    return [...this.take(this.length(what), what)]
  }
}

export function compactLength(value: number): Uint8Array {
  const bytes: number[] = []
  do {
    bytes.push((value & 0x7f) | (value > 0x7f ? 0x80 : 0))
    value >>= 7
  } while (value > 0)
  return Uint8Array.from(bytes)
}

export function decodeTransaction(bytes: Uint8Array): SolanaTransaction {
  if (bytes.length > MAX_TRANSACTION_LENGTH)
    throw new SolanaWireError(
      `It has ${bytes.length} bytes; a transaction has at most ${MAX_TRANSACTION_LENGTH}.`,
    )
  const reader = new Reader(bytes)
  const count = reader.length('the signatures')
  const signatures = Array.from({ length: count }, () => reader.take(SIGNATURE_LENGTH, 'a signature').slice())
  const messageBytes = bytes.slice(reader.offset)
  const message = decodeMessage(messageBytes)
  if (message.requiredSignatures !== count)
    throw new SolanaWireError(
      `It has ${count} signature slots; its message needs ${message.requiredSignatures} signatures.`,
    )
  return { signatures, messageBytes, message }
}

export function decodeMessage(bytes: Uint8Array): SolanaMessage {
  const reader = new Reader(bytes)
  const first = reader.byte('the message header')
  // A versioned message sets the top bit of its first byte; a legacy one starts with its header.
  const version = first & 0x80 ? first & 0x7f : 'legacy'
  if (version !== 'legacy' && version !== 0)
    throw new SolanaWireError(`Message version ${version} is not known (legacy and v0 are).`)
  const requiredSignatures = version === 'legacy' ? first : reader.byte('the message header')
  const readonlySigned = reader.byte('the message header')
  const readonlyUnsigned = reader.byte('the message header')
  const staticAccounts = Array.from({ length: reader.length('the account keys') }, () =>
    reader.key('an account key'),
  )
  if (requiredSignatures === 0 || requiredSignatures > staticAccounts.length)
    throw new SolanaWireError('Its header names no fee payer among its account keys.')
  if (readonlySigned >= requiredSignatures || readonlyUnsigned > staticAccounts.length - requiredSignatures)
    throw new SolanaWireError('Its header counts more read-only accounts than it has.')
  const recentBlockhash = reader.key('the recent blockhash')
  const instructions = Array.from({ length: reader.length('the instructions') }, () => ({
    programIdIndex: reader.byte('an instruction'),
    accountIndexes: reader.indexes("an instruction's accounts"),
    data: reader.take(reader.length("an instruction's data"), "an instruction's data").slice(),
  }))
  const lookups =
    version === 0
      ? Array.from({ length: reader.length('the address table lookups') }, () => ({
          table: reader.key('an address table'),
          writableIndexes: reader.indexes('the writable lookup indexes'),
          readonlyIndexes: reader.indexes('the read-only lookup indexes'),
        }))
      : []
  if (reader.offset !== bytes.length)
    throw new SolanaWireError(`${bytes.length - reader.offset} bytes follow the message.`)
  const accountCount =
    staticAccounts.length +
    lookups.reduce((sum, lookup) => sum + lookup.writableIndexes.length + lookup.readonlyIndexes.length, 0)
  for (const instruction of instructions) {
    // Program ids are static keys (a lookup table cannot supply one).
    if (instruction.programIdIndex >= staticAccounts.length)
      throw new SolanaWireError('An instruction names a program that is not among its account keys.')
    if (instruction.accountIndexes.some((index) => index >= accountCount))
      throw new SolanaWireError('An instruction names an account the message does not have.')
  }
  return {
    version,
    requiredSignatures,
    readonlySigned,
    readonlyUnsigned,
    staticAccounts,
    recentBlockhash,
    instructions,
    lookups,
  }
}

/** The wire bytes of a transaction: its signature slots, then its message. */
export function encodeTransaction(signatures: readonly Uint8Array[], messageBytes: Uint8Array): Uint8Array {
  const prefix = compactLength(signatures.length)
  const bytes = new Uint8Array(prefix.length + signatures.length * SIGNATURE_LENGTH + messageBytes.length)
  bytes.set(prefix)
  for (const [index, signature] of signatures.entries())
    bytes.set(signature, prefix.length + index * SIGNATURE_LENGTH)
  bytes.set(messageBytes, prefix.length + signatures.length * SIGNATURE_LENGTH)
  return bytes
}
