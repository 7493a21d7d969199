/**
 * solana_signAndSendTransaction from the embedded wallet on the local Solana RPC (litesvm,
 * packages/devnet): after Approve the transfer is on chain (the balances change), its signature is
 * the one answered; a transfer the chain refuses (preflight) answers spec §8's send failure with the
 * node's words as details.
 */
import {
  type Address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { type SolanaRpc, startSolanaRpc } from '@walletframe/devnet'
import { FRAME_ERRORS, type FrameInit, SOLANA_LOCALNET_GENESIS_HASH } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import { buildTransaction, instructions, randomAddress } from '../../solana/test-transactions.ts'
import { approveNext, DEVNET_INIT, setUpWallet } from '../test-support/key-frame-harness.ts'

const server = useKeyServer(TEST_BACKENDS[0]!)
const LOCALNET = `solana:${SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32)}`
let chain: SolanaRpc
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>

beforeAll(async () => {
  chain = await startSolanaRpc({ port: 0 })
  rpc = createSolanaRpc(devnet(chain.url))
})
afterAll(() => chain?.close())

async function fundedUser(sol: bigint) {
  const init: FrameInit = {
    ...DEVNET_INIT,
    solanaNetworks: [{ caipNetworkId: LOCALNET, name: 'Solana Localnet', rpcUrl: chain.url }],
  }
  const frame = await setUpWallet(server, undefined, undefined, init)
  const [{ pubkey }] = (await frame.modal.request('frame.rpcRequest', { method: 'solana_getAccounts' })) as [
    { pubkey: Address },
  ]
  await rpc.requestAirdrop(pubkey, lamports(sol * 1_000_000_000n)).send()
  const send = (transaction: string, sendOptions?: Record<string, unknown>) =>
    frame.modal.request('frame.rpcRequest', {
      method: 'solana_signAndSendTransaction',
      params: { transaction, ...(sendOptions ? { sendOptions } : {}) },
      caipNetworkId: LOCALNET,
    })
  return { ...frame, solana: pubkey, send }
}

const latestBlockhash = async () => (await rpc.getLatestBlockhash().send()).value.blockhash

describe('solana_signAndSendTransaction on the local Solana RPC', () => {
  it('sends a SOL transfer after Approve: the recipient holds it, and the signature is the transaction’s', {
    timeout: 30_000,
  }, async () => {
    const user = await fundedUser(2n)
    const recipient = randomAddress()
    const sending = user.send(
      buildTransaction({
        feePayer: user.solana,
        blockhash: await latestBlockhash(),
        instructions: [instructions.transferSol(user.solana, recipient, 250_000_000n)],
      }),
      { preflightCommitment: 'confirmed', maxRetries: 2 },
    )
    expect(await approveNext(user)).toMatchObject({ kind: 'solanaTransactions', send: true })
    const { signature } = (await sending) as { signature: string }
    expect((await rpc.getBalance(recipient).send()).value).toBe(250_000_000n)
    expect((await rpc.getBalance(user.solana).send()).value).toBe(2_000_000_000n - 250_000_000n - 5_000n)
    const { value: statuses } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(statuses[0]).toMatchObject({ err: null })
  })

  it('sends SPL tokens: transferChecked into a new associated token account', {
    timeout: 30_000,
  }, async () => {
    const user = await fundedUser(1n)
    const { mint, decimals } = chain.fixtures.token
    const ataOf = async (owner: Address) =>
      (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]
    // A fixture holder gives the user 5 dUSD first (signed by kit with the holder's key).
    const holder = await createKeyPairSignerFromPrivateKeyBytes(chain.fixtures.accounts[1]!.privateKey)
    const userAta = await ataOf(user.solana)
    const blockhash = await latestBlockhash()
    const gift = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(holder, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 1000n }, m),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getCreateAssociatedTokenIdempotentInstruction({
                payer: holder,
                ata: userAta,
                owner: user.solana,
                mint,
              }),
              getTransferCheckedInstruction({
                source: chain.fixtures.accounts[1]!.tokenAccount,
                mint,
                destination: userAta,
                authority: holder,
                amount: 5_000_000n,
                decimals,
              }),
            ],
            m,
          ),
      ),
    )
    await rpc.sendTransaction(getBase64EncodedWireTransaction(gift), { encoding: 'base64' }).send()

    const recipient = randomAddress()
    const recipientAta = await ataOf(recipient)
    const sending = user.send(
      buildTransaction({
        feePayer: user.solana,
        blockhash: await latestBlockhash(),
        instructions: [
          instructions.createAta(user.solana, recipientAta, recipient, mint),
          instructions.tokenTransferChecked(userAta, mint, recipientAta, user.solana, 2_000_000n, decimals),
        ],
      }),
    )
    const shown = await approveNext(user)
    expect(shown).toMatchObject({
      transactions: [
        {
          instructions: [
            { programName: 'Associated Token Account' },
            { summary: `Transfer 2 of mint ${mint}` },
          ],
        },
      ],
    })
    await sending
    expect((await rpc.getTokenAccountBalance(recipientAta).send()).value.uiAmountString).toBe('2')
    expect((await rpc.getTokenAccountBalance(userAta).send()).value.uiAmountString).toBe('3')
  })

  it('answers spec §8’s message when the chain refuses the transfer (more than the balance)', {
    timeout: 30_000,
  }, async () => {
    const user = await fundedUser(1n)
    const sending = user.send(
      buildTransaction({
        feePayer: user.solana,
        blockhash: await latestBlockhash(),
        instructions: [instructions.transferSol(user.solana, randomAddress(), 5_000_000_000n)],
      }),
    )
    await approveNext(user)
    const error = (await sending.catch((e: unknown) => e)) as Error
    expect(error).toMatchObject({
      reason: FRAME_ERRORS.solanaSendFailed.reason,
      message: expect.stringContaining('Failed to send transaction. Please try again.'),
    })
  })
})
