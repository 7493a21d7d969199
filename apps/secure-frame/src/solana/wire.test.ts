import { getTransactionDecoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { base64ToBytes } from '../custody/base64.ts'
import { accountAt, PROGRAMS } from './instructions.ts'
import { BLOCKHASH, buildTransaction, instructions, randomAddress } from './test-transactions.ts'
import {
  decodeMessage,
  decodeTransaction,
  encodeTransaction,
  MAX_TRANSACTION_LENGTH,
  SolanaWireError,
} from './wire.ts'

const payer = randomAddress()
const recipient = randomAddress()

describe('decodeTransaction', () => {
  it.each(['legacy', 0] as const)('reads a %s transfer as @solana/kit encoded it', (version) => {
    const bytes = base64ToBytes(
      buildTransaction({
        feePayer: payer,
        version,
        instructions: [instructions.transferSol(payer, recipient, 1n)],
      }),
    )
    const { signatures, messageBytes, message } = decodeTransaction(bytes)
    expect(message).toMatchObject({
      version,
      requiredSignatures: 1,
      readonlySigned: 0,
      readonlyUnsigned: 1,
      staticAccounts: [payer, recipient, PROGRAMS.system],
      recentBlockhash: BLOCKHASH,
      lookups: [],
    })
    expect(message.instructions).toEqual([
      {
        programIdIndex: 2,
        accountIndexes: [0, 1],
        data: Uint8Array.from([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]),
      },
    ])
    expect(signatures).toEqual([new Uint8Array(64)])
    // The message bytes are the ones kit would have signed.
    expect(messageBytes).toEqual(new Uint8Array(getTransactionDecoder().decode(bytes).messageBytes))
    expect(encodeTransaction(signatures, messageBytes)).toEqual(bytes)
  })

  it('reads a v0 message’s address table lookups, and names the accounts loaded from them', () => {
    const table = randomAddress()
    const bytes = base64ToBytes(
      buildTransaction({
        feePayer: payer,
        instructions: [instructions.transferSol(payer, recipient, 1n)],
        lookupTables: { [table]: [randomAddress(), recipient] },
      }),
    )
    const { message } = decodeTransaction(bytes)
    expect(message.staticAccounts).toEqual([payer, PROGRAMS.system])
    expect(message.lookups).toEqual([{ table, writableIndexes: [1], readonlyIndexes: [] }])
    expect(message.instructions[0]!.accountIndexes).toEqual([0, 2])
    expect(accountAt(message, 2)).toBe(`entry 1 of lookup table ${table}`)
  })

  it('refuses what is not a transaction, saying where it broke', () => {
    const good = base64ToBytes(
      buildTransaction({ feePayer: payer, instructions: [instructions.transferSol(payer, recipient, 1n)] }),
    )
    const refuse = (bytes: Uint8Array, message: RegExp) => {
      expect(() => decodeTransaction(bytes)).toThrow(SolanaWireError)
      expect(() => decodeTransaction(bytes)).toThrow(message)
    }
    refuse(good.subarray(0, good.length - 3), /ends inside/)
    refuse(Uint8Array.from([...good, 0]), /1 bytes follow the message/)
    refuse(
      Uint8Array.from([2, ...new Uint8Array(128), ...good.subarray(65)]),
      /2 signature slots; its message needs 1/,
    )
    refuse(new Uint8Array(MAX_TRANSACTION_LENGTH + 1), /at most 1232/)
    const v1 = good.slice()
    v1[65] = 0x81
    refuse(v1, /version 1 is not known/)
    refuse(new Uint8Array(0), /ends before the signatures/)
  })

  it('refuses instructions that name accounts the message does not have', () => {
    const { messageBytes } = decodeTransaction(
      base64ToBytes(
        buildTransaction({
          feePayer: payer,
          version: 'legacy',
          instructions: [instructions.transferSol(payer, recipient, 1n)],
        }),
      ),
    )
    const broken = messageBytes.slice()
    // Legacy: 3 header bytes, 1 count, 3 keys, the blockhash, 1 count; then the program index.
    broken[3 + 1 + 96 + 32 + 1] = 7
    expect(() => decodeMessage(broken)).toThrow(/names a program that is not among its account keys/)
  })
})
