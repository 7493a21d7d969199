/**
 * The Solana account through the key frame (issue 15): getUser and the accounts methods answer it;
 * every signing method waits for Approve, and what it signs verifies under the account's ed25519
 * key (WebCrypto's, another implementation than the signer's); a send reaches the network's RPC.
 */

import { getTransactionDecoder } from '@solana/kit'
import { FRAME_ERRORS, type FrameInit, PROVIDER_ERRORS, RPC_INVALID_PARAMS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import { base58ToBytes, bytesToBase58 } from '../../custody/base58.ts'
import { base64ToBytes } from '../../custody/base64.ts'
import { buildTransaction, instructions, randomAddress } from '../../solana/test-transactions.ts'
import { approveNext, DEVNET_INIT, setUpWallet } from '../test-support/key-frame-harness.ts'

const server = useKeyServer(TEST_BACKENDS[0]!)
const LOCALNET = 'solana:6jX4iSBKoRoc7Aah7yMRGJjFERgBUtHJ'
/** Nothing listens there: a send fails as a network without its RPC would. */
const SOLANA_INIT: FrameInit = {
  ...DEVNET_INIT,
  solanaNetworks: [{ caipNetworkId: LOCALNET, name: 'Solana Localnet', rpcUrl: 'http://127.0.0.1:1' }],
}

async function verifies(address: string, signature: Uint8Array, message: Uint8Array): Promise<boolean> {
  const subtle = globalThis.crypto.subtle
  const key = await subtle.importKey('raw', base58ToBytes(address)!, 'Ed25519', false, ['verify'])
  return subtle.verify('Ed25519', key, new Uint8Array(signature), new Uint8Array(message))
}

async function signedInSolanaUser() {
  const frame = await setUpWallet(server, undefined, undefined, SOLANA_INIT)
  const [account] = (await frame.modal.request('frame.rpcRequest', { method: 'solana_getAccounts' })) as {
    pubkey: string
  }[]
  const rpc = (method: string, params?: Record<string, unknown>) =>
    frame.modal.request('frame.rpcRequest', {
      method,
      ...(params ? { params } : {}),
      caipNetworkId: LOCALNET,
    })
  return { ...frame, solana: account!.pubkey, rpc }
}

/** A transfer from the user's Solana account, as a dapp sends it: base64, no signature yet. */
const transfer = (from: string, lamports = 1_000_000n) =>
  buildTransaction({
    feePayer: from as never,
    instructions: [instructions.transferSol(from as never, randomAddress(), lamports)],
  })

describe('the Solana account', () => {
  it('is in getUser, last, and answers solana_getAccounts and solana_requestAccounts', async () => {
    const frame = await signedInSolanaUser()
    expect(base58ToBytes(frame.solana)).toHaveLength(32)
    const user = await frame.modal.request('frame.getUser', {})
    expect(user.accounts).toEqual([
      { address: frame.address.toLowerCase(), type: 'eoa' },
      { address: frame.solana, type: 'eoa', namespace: 'solana' },
    ])
    await expect(frame.rpc('solana_requestAccounts')).resolves.toEqual([{ pubkey: frame.solana }])
  })

  it('signs a message after Approve, and the signature verifies under the Solana address', async () => {
    const frame = await signedInSolanaUser()
    const message = new TextEncoder().encode('Sign in to example.org')
    const signing = frame.rpc('solana_signMessage', { message: bytesToBase58(message), pubkey: frame.solana })
    expect(await approveNext(frame)).toMatchObject({
      kind: 'solanaMessage',
      address: frame.solana,
      encoding: 'text',
      content: 'Sign in to example.org',
    })
    const { signature } = (await signing) as { signature: string }
    expect(await verifies(frame.solana, base58ToBytes(signature)!, message)).toBe(true)
  })

  it('refuses another pubkey before any approval, and a transaction it does not sign', async () => {
    const frame = await signedInSolanaUser()
    const other = randomAddress()
    const error = await frame
      .rpc('solana_signMessage', { message: bytesToBase58(Uint8Array.of(1, 2)), pubkey: other })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: PROVIDER_ERRORS.unauthorized.code,
      message: expect.stringContaining(other),
    })
    await expect(frame.rpc('solana_signTransaction', { transaction: transfer(other) })).rejects.toMatchObject(
      {
        code: PROVIDER_ERRORS.unauthorized.code,
        message: expect.stringContaining(`transaction 0 is not to be signed by ${frame.solana}`),
      },
    )
    await expect(frame.rpc('solana_signTransaction', { transaction: 'not base64!' })).rejects.toMatchObject({
      code: RPC_INVALID_PARAMS.code,
    })
    expect(frame.ctx.view.get().screen.kind).toBe('idle')
  })

  it('signs a transaction in its own slot: the signed transaction decodes and verifies', async () => {
    const frame = await signedInSolanaUser()
    const signing = frame.rpc('solana_signTransaction', { transaction: transfer(frame.solana) })
    const shown = await approveNext(frame)
    expect(shown).toMatchObject({ kind: 'solanaTransactions', send: false, network: 'Solana Localnet' })
    const { signature, transaction } = (await signing) as { signature: string; transaction: string }
    const decoded = getTransactionDecoder().decode(base64ToBytes(transaction))
    const slot = decoded.signatures[frame.solana as never]!
    expect(bytesToBase58(new Uint8Array(slot))).toBe(signature)
    expect(
      await verifies(frame.solana, base58ToBytes(signature)!, new Uint8Array(decoded.messageBytes)),
    ).toBe(true)
  })

  it('signs all transactions in one approval', async () => {
    const frame = await signedInSolanaUser()
    const signing = frame.rpc('solana_signAllTransactions', {
      transactions: [transfer(frame.solana, 1n), transfer(frame.solana, 2n)],
    })
    const shown = await approveNext(frame)
    expect(shown).toMatchObject({ kind: 'solanaTransactions', transactions: [{}, {}] })
    const { transactions } = (await signing) as { transactions: string[] }
    for (const transaction of transactions) {
      const decoded = getTransactionDecoder().decode(base64ToBytes(transaction))
      const slot = new Uint8Array(decoded.signatures[frame.solana as never]!)
      expect(await verifies(frame.solana, slot, new Uint8Array(decoded.messageBytes))).toBe(true)
    }
  })

  it('answers 4001 when the user rejects', async () => {
    const frame = await signedInSolanaUser()
    const signing = frame.rpc('solana_signTransaction', { transaction: transfer(frame.solana) })
    ;(await frame.screen('approval')).reject()
    await expect(signing).rejects.toMatchObject({ code: 4001 })
  })

  it('validates the send options (spec §5) and says spec §8’s message when the send fails', async () => {
    const frame = await signedInSolanaUser()
    await expect(
      frame.rpc('solana_signAndSendTransaction', {
        transaction: transfer(frame.solana),
        sendOptions: { preflightCommitment: 'fast' },
      }),
    ).rejects.toMatchObject({
      code: RPC_INVALID_PARAMS.code,
      message: expect.stringContaining('preflightCommitment'),
    })
    const sending = frame.rpc('solana_signAndSendTransaction', {
      transaction: transfer(frame.solana),
      sendOptions: { skipPreflight: true, maxRetries: 0 },
    })
    expect(await approveNext(frame)).toMatchObject({ send: true })
    await expect(sending).rejects.toMatchObject({
      reason: FRAME_ERRORS.solanaSendFailed.reason,
      message: expect.stringContaining('Failed to send transaction. Please try again.'),
    })
  })

  it('is named after a reload while the key is locked, and the Approve that unlocks it signs', async () => {
    const frame = await signedInSolanaUser()
    await frame.modal.request('frame.reload', {})
    expect(frame.ctx.vault?.isUnlocked).toBe(false)
    expect((await frame.modal.request('frame.getUser', {})).accounts).toContainEqual({
      address: frame.solana,
      type: 'eoa',
      namespace: 'solana',
    })
    const message = Uint8Array.of(0xde, 0xad, 0xbe, 0xef)
    const signing = frame.rpc('solana_signMessage', { message: bytesToBase58(message), pubkey: frame.solana })
    expect(await approveNext(frame)).toMatchObject({
      address: frame.solana,
      encoding: 'hex',
      content: '0xdeadbeef',
    })
    const { signature } = (await signing) as { signature: string }
    expect(await verifies(frame.solana, base58ToBytes(signature)!, message)).toBe(true)
  })

  it('gets remembered at the first unlock for a wallet made before the server remembered it', async () => {
    const frame = await signedInSolanaUser()
    await server.db.query('UPDATE key_server.wallets SET solana_address = NULL WHERE address = $1', [
      frame.address.toLowerCase(),
    ])
    await frame.modal.request('frame.reload', {})
    expect((await frame.modal.request('frame.getUser', {})).accounts).toEqual([
      { address: frame.address.toLowerCase(), type: 'eoa' },
    ])
    await expect(frame.rpc('solana_getAccounts')).resolves.toEqual([])
    // Any approval unlocks the key, from which the Solana address is derived and remembered.
    const signing = frame.modal.request('frame.rpcRequest', {
      method: 'personal_sign',
      params: ['hello', frame.address],
    })
    await approveNext(frame)
    await signing
    await frame.modal.request('frame.reload', {})
    await expect(frame.rpc('solana_getAccounts')).resolves.toEqual([{ pubkey: frame.solana }])
  })

  it('refuses a send on a Solana network the modal did not give', async () => {
    const frame = await signedInSolanaUser()
    await expect(
      frame.modal.request('frame.rpcRequest', {
        method: 'solana_signAndSendTransaction',
        params: { transaction: transfer(frame.solana) },
        caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      }),
    ).rejects.toMatchObject({ reason: FRAME_ERRORS.unsupportedChain.reason })
  })
})
