import {
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SolanaRpc, startSolanaRpc } from './server.ts'

let server: SolanaRpc
// `devnet()` picks one of kit's cluster types, so that sendAndConfirmTransactionFactory accepts the pair.
let rpc: ReturnType<typeof createSolanaRpc<ReturnType<typeof devnet>>>
let rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions<ReturnType<typeof devnet>>>
let payer: KeyPairSigner

beforeAll(async () => {
  server = await startSolanaRpc({ port: 0 })
  rpc = createSolanaRpc(devnet(server.url))
  rpcSubscriptions = createSolanaRpcSubscriptions(devnet(server.subscriptionsUrl))
  payer = await createKeyPairSignerFromPrivateKeyBytes(server.fixtures.accounts[2]!.privateKey)
})
afterAll(() => server.close())

async function transfer(to: string, amount: bigint) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: payer, destination: to as never, amount: lamports(amount) }),
          m,
        ),
    ),
  )
}

describe('the local Solana RPC subscriptions (WebSocket on the same port)', () => {
  it("confirms a transfer through @solana/kit's sendAndConfirmTransaction", async () => {
    const recipient = await generateKeyPairSigner()
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
    const signed = await transfer(recipient.address, 3_000_000_000n)
    // transfer() is typed for any lifetime; this one is a blockhash lifetime, as sendAndConfirm needs.
    await sendAndConfirm(signed as Parameters<typeof sendAndConfirm>[0], { commitment: 'finalized' })
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(3_000_000_000n)
    const { value } = await rpc.getSignatureStatuses([getSignatureFromTransaction(signed)]).send()
    expect(value[0]?.confirmationStatus).toBe('finalized')
  })

  it('notifies account changes and new slots as transactions land', async () => {
    const recipient = await generateKeyPairSigner()
    const abort = new AbortController()
    const accounts = await rpcSubscriptions
      .accountNotifications(recipient.address, { encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    const slots = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
    const nextAccount = accounts[Symbol.asyncIterator]().next()
    const nextSlot = slots[Symbol.asyncIterator]().next()

    const signed = await transfer(recipient.address, 1_000_000_000n)
    await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()

    const account = (await nextAccount).value
    expect(account?.value?.lamports).toBe(1_000_000_000n)
    const slot = (await nextSlot).value
    expect(slot?.slot).toBe(account?.context.slot)
    abort.abort()
  })

  it('tells at once about a signature that has already landed', async () => {
    const recipient = await generateKeyPairSigner()
    const signed = await transfer(recipient.address, 1_000_000_000n)
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send()
    const abort = new AbortController()
    const notifications = await rpcSubscriptions
      .signatureNotifications(signature, { commitment: 'finalized' })
      .subscribe({ abortSignal: abort.signal })
    const first = await notifications[Symbol.asyncIterator]().next()
    expect(first.value?.value).toEqual({ err: null })
    abort.abort()
  })
})
