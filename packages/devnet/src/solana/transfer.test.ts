import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SOLANA_DEVNET_FUNDING_SOL, SOLANA_FIXTURE_TOKEN_BALANCE } from './fixtures.ts'
import { type SolanaRpc, startSolanaRpc } from './server.ts'

let server: SolanaRpc
// `devnet()` only tells kit's types that requestAirdrop exists (a test cluster).
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>
let sender: KeyPairSigner

beforeAll(async () => {
  server = await startSolanaRpc({ port: 0 })
  rpc = createSolanaRpc(devnet(server.url))
  sender = await createKeyPairSignerFromPrivateKeyBytes(server.fixtures.accounts[1]!.privateKey)
})
afterAll(() => server.close())

/** Signs `instructions` with the sender as fee payer and sends them through sendTransaction (base64). */
async function send(instructions: Instruction[], options: { skipPreflight?: boolean } = {}) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(sender, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64', ...options })
    .send()
  expect(signature).toBe(getSignatureFromTransaction(signed))
  return signature
}

describe('the local Solana RPC with a @solana/kit client', () => {
  it('moves SOL: the balances change and the transfer is finalized with its details', async () => {
    const recipient = await generateKeyPairSigner()
    const { value: before } = await rpc.getBalance(sender.address).send()
    expect(before).toBe(SOLANA_DEVNET_FUNDING_SOL * 1_000_000_000n)
    const slotBefore = await rpc.getSlot().send()

    const signature = await send([
      getTransferSolInstruction({
        source: sender,
        destination: recipient.address,
        amount: lamports(1_500_000_000n),
      }),
    ])

    expect((await rpc.getBalance(recipient.address).send()).value).toBe(1_500_000_000n)
    expect((await rpc.getBalance(sender.address).send()).value).toBe(before - 1_500_000_000n - 5_000n)
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(statuses[0]!.slot).toBeGreaterThan(slotBefore)
    const tx = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(tx).toMatchObject({ version: 0, meta: { err: null, fee: 5_000n } })
    expect(tx!.transaction.message.accountKeys).toEqual([
      sender.address,
      recipient.address,
      address('11111111111111111111111111111111'),
    ])
    expect(tx!.meta!.postBalances[1]).toBe(1_500_000_000n)
  })

  it('moves dUSD with SPL instructions: a new associated token account receives it', async () => {
    const { mint, decimals } = server.fixtures.token
    const recipient = await generateKeyPairSigner()
    const [source] = await findAssociatedTokenPda({
      owner: sender.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: recipient.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })

    await send([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: sender,
        ata: destination,
        owner: recipient.address,
        mint,
      }),
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: sender,
        amount: 2_500_000n,
        decimals,
      }),
    ])

    const { value: accounts } = await rpc
      .getTokenAccountsByOwner(recipient.address, { mint }, { encoding: 'jsonParsed' })
      .send()
    expect(accounts).toHaveLength(1)
    expect(accounts[0]!.pubkey).toBe(destination)
    expect(accounts[0]!.account.data.parsed.info).toMatchObject({
      mint,
      owner: recipient.address,
      state: 'initialized',
      tokenAmount: { amount: '2500000', decimals: 6, uiAmountString: '2.5' },
    })
    const { value: left } = await rpc.getTokenAccountBalance(source).send()
    expect(left.uiAmountString).toBe(`${SOLANA_FIXTURE_TOKEN_BALANCE - 3n}.5`)
  })

  it('refuses a failing transfer in preflight, and records it when preflight is skipped', async () => {
    const { mint, decimals } = server.fixtures.token
    const [source] = await findAssociatedTokenPda({
      owner: sender.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const tooMuch = getTransferCheckedInstruction({
      source,
      mint,
      destination: source,
      authority: sender,
      amount: 10n ** 15n,
      decimals,
    })
    const refusal = await send([tooMuch]).catch((error: unknown) => error)
    expect(
      isSolanaError(refusal, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    // The token program's InsufficientFunds (custom error 1) in the first instruction.
    expect((refusal as Error).cause).toMatchObject({ context: { code: 1, index: 0 } })

    const { value: before } = await rpc.getBalance(sender.address).send()
    const signature = await send([tooMuch], { skipPreflight: true })
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    // It landed: the fee is paid, as on a validator.
    expect((await rpc.getBalance(sender.address).send()).value).toBe(before - 5_000n)
  })

  it('simulates an unsigned transaction on a replaced blockhash, and takes a base58 transaction', async () => {
    const recipient = await generateKeyPairSigner()
    const transfer = getTransferSolInstruction({
      source: sender,
      destination: recipient.address,
      amount: lamports(1_000_000_000n),
    })
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(sender, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash('11111111111111111111111111111111'), lastValidBlockHeight: 0n },
          m,
        ),
      (m) => appendTransactionMessageInstructions([transfer], m),
    )
    const unsigned = getBase64EncodedWireTransaction(compileTransaction(message))
    const { value } = await rpc
      .simulateTransaction(unsigned, {
        encoding: 'base64',
        replaceRecentBlockhash: true,
        accounts: { addresses: [recipient.address], encoding: 'base64' },
      })
      .send()
    expect(value.err).toBeNull()
    expect(value.unitsConsumed).toBeGreaterThan(0n)
    expect(value.replacementBlockhash?.blockhash).toBe(
      (await rpc.getLatestBlockhash().send()).value.blockhash,
    )
    expect(value.accounts?.[0]?.lamports).toBe(1_000_000_000n)
    const { value: stale } = await rpc.simulateTransaction(unsigned, { encoding: 'base64' }).send()
    expect(stale.err).toBe('BlockhashNotFound')

    const { value: latest } = await rpc.getLatestBlockhash().send()
    const signed = await signTransactionMessageWithSigners(
      setTransactionMessageLifetimeUsingBlockhash(latest, message),
    )
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(signed))
    // kit sends base64 only; wallets built on web3.js 1.x may still send base58 (the default encoding).
    const response = await fetch(server.url, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base58] }),
    })
    expect((await response.json()).result).toBe(getSignatureFromTransaction(signed))
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(1_000_000_000n)
  })

  it('airdrops SOL as a transfer from the faucet that getTransaction shows', async () => {
    const recipient = await generateKeyPairSigner()
    const signature = await rpc.requestAirdrop(recipient.address, lamports(2_000_000_000n)).send()
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(2_000_000_000n)
    const tx = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(tx?.transaction.message.accountKeys[0]).toBe(server.fixtures.faucet)
  })
})
