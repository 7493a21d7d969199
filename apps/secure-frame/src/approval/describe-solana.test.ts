import { describe, expect, it } from 'vitest'
import { base58ToBytes, bytesToBase58 } from '../custody/base58.ts'
import { parseSolanaSignRequest } from '../requests/solana-params.ts'
import { PROGRAMS } from '../solana/instructions.ts'
import { buildTransaction, instructions, randomAddress } from '../solana/test-transactions.ts'
import { describeSolanaRequest, type SolanaTransactionsDescription } from './describe-solana.ts'

const wallet = randomAddress()
const recipient = randomAddress()
const mint = randomAddress()
const [source, destination] = [randomAddress(), randomAddress()]

function describeTransaction(transaction: string, method = 'solana_signTransaction' as const) {
  const request = parseSolanaSignRequest(method, { transaction })
  return describeSolanaRequest(request, {
    address: wallet,
    network: 'Solana Localnet',
  }) as SolanaTransactionsDescription
}

describe('describeSolanaRequest: transactions', () => {
  it('says what a SOL transfer sends and to whom, with fee payer, fee and blockhash', () => {
    const tx = buildTransaction({
      feePayer: wallet,
      version: 'legacy',
      instructions: [instructions.transferSol(wallet, recipient, 1_500_000_000n)],
    })
    const description = describeTransaction(tx)
    expect(description).toMatchObject({
      kind: 'solanaTransactions',
      address: wallet,
      network: 'Solana Localnet',
      send: false,
    })
    expect(description.transactions).toEqual([
      {
        version: 'legacy',
        feePayer: wallet,
        recentBlockhash: expect.any(String),
        estimatedFee: '0.000005 SOL',
        instructions: [
          {
            program: PROGRAMS.system,
            programName: 'System',
            summary: `Send 1.5 SOL to ${recipient}`,
            fields: [
              { label: 'From', value: wallet },
              { label: 'To', value: recipient },
              { label: 'Amount', value: '1.5 SOL' },
            ],
          },
        ],
        lookupTables: [],
        otherSigners: [],
      },
    ])
  })

  it('reads SPL token transfers (amount, mint and decimals when named), token account creation and compute budget', () => {
    const tx = buildTransaction({
      feePayer: wallet,
      instructions: [
        instructions.computeUnitLimit(300_000),
        instructions.computeUnitPrice(10_000n),
        instructions.createAta(wallet, destination, recipient, mint),
        instructions.tokenTransferChecked(source, mint, destination, wallet, 1_500_000n, 6),
        instructions.tokenTransfer(source, destination, wallet, 42n),
      ],
    })
    const [summary] = describeTransaction(tx).transactions
    expect(
      summary!.instructions.map((instruction) => [instruction.programName, instruction.summary]),
    ).toEqual([
      ['Compute Budget', 'Set compute unit limit: 300000'],
      ['Compute Budget', 'Set priority fee: 10000 micro-lamports per compute unit'],
      ['Associated Token Account', `Create the token account of ${recipient} for mint ${mint} (if missing)`],
      ['Token', `Transfer 1.5 of mint ${mint}`],
      ['Token', 'Transfer 42 token units'],
    ])
    expect(summary!.instructions[3]!.fields).toContainEqual({ label: 'Amount', value: '1.5 (6 decimals)' })
    expect(summary!.instructions[3]!.fields).toContainEqual({ label: 'To token account', value: destination })
    // 5000 lamports for one signature + 300000 units × 10000 micro-lamports = 3000 lamports.
    expect(summary!.estimatedFee).toBe('0.000008 SOL')
    expect(summary!.version).toBe('v0')
  })

  it('lists an unknown program by id with its data length, and a v0 message’s lookup tables unresolved', () => {
    const program = randomAddress()
    const table = randomAddress()
    const tx = buildTransaction({
      feePayer: wallet,
      instructions: [
        { programAddress: program, accounts: [{ address: recipient, role: 1 }], data: new Uint8Array(17) },
      ],
      lookupTables: { [table]: [recipient] },
    })
    const [summary] = describeTransaction(tx).transactions
    expect(summary!.instructions).toEqual([
      {
        program,
        summary: `Call program ${program}`,
        fields: [
          { label: 'Accounts', value: '1' },
          { label: 'Data', value: '17 bytes' },
        ],
      },
    ])
    expect(summary!.lookupTables).toEqual([{ table, writableIndexes: [0], readonlyIndexes: [] }])
  })

  it('names the other signers, and marks a send', () => {
    const cosigner = randomAddress()
    const tx = buildTransaction({
      feePayer: cosigner,
      instructions: [instructions.transferSol(wallet, recipient, 1n)],
    })
    const description = describeTransaction(tx, 'solana_signAndSendTransaction' as never)
    expect(description.send).toBe(true)
    expect(description.transactions[0]).toMatchObject({
      feePayer: cosigner,
      otherSigners: [cosigner],
      estimatedFee: '0.00001 SOL',
    })
  })
})

describe('describeSolanaRequest: messages', () => {
  const describeMessage = (bytes: Uint8Array) =>
    describeSolanaRequest(
      parseSolanaSignRequest('solana_signMessage', { message: bytesToBase58(bytes), pubkey: wallet }),
      {
        address: wallet,
        network: undefined,
      },
    )

  it('shows printable UTF-8 as text, anything else as hex', () => {
    expect(describeMessage(new TextEncoder().encode('Sign in to example.org\nNonce: 7'))).toEqual({
      kind: 'solanaMessage',
      address: wallet,
      network: undefined,
      encoding: 'text',
      content: 'Sign in to example.org\nNonce: 7',
    })
    expect(describeMessage(Uint8Array.from([0xff, 0x00, 0x01]))).toMatchObject({
      encoding: 'hex',
      content: '0xff0001',
    })
    // A right-to-left override could make the text read differently from what is signed.
    expect(describeMessage(new TextEncoder().encode('pay \u202Eevil'))).toMatchObject({ encoding: 'hex' })
  })

  it('refuses a transaction message passed off as a message', () => {
    const tx = base58ToBytes(
      bytesToBase58(
        Buffer.from(
          buildTransaction({
            feePayer: wallet,
            instructions: [instructions.transferSol(wallet, recipient, 1n)],
          }),
          'base64',
        ),
      ),
    )!
    const message = tx.subarray(65)
    expect(() =>
      parseSolanaSignRequest('solana_signMessage', { message: bytesToBase58(message), pubkey: wallet }),
    ).toThrow(/transaction message: sign it with solana_signTransaction/)
  })
})
