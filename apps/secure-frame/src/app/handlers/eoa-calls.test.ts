/**
 * EIP-5792 from the embedded EOA (issue 14 point 4) through the key frame, on anvil: the batch runs
 * through the wallet's EIP-7702 delegate, upgrading the EOA in the same approval (5750 when the user
 * declines), and its status is answered by the transaction's hash, also after a reload.
 */
import { WALLET_CALL_ERRORS } from '@walletframe/protocol'
import type { Hash } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import { createSentBatches } from '../state/sent-batches.ts'
import { approveNext } from '../test-support/key-frame-harness.ts'
import {
  type SmartAccountChain,
  sendCallsParams,
  signedInUser,
  startSmartAccountChain,
} from '../test-support/smart-account-chain.ts'

const server = useKeyServer(TEST_BACKENDS[0]!)
const RECIPIENT = privateKeyToAddress(`0x${'46'.repeat(32)}`)

let chain: SmartAccountChain
beforeAll(async () => {
  chain = await startSmartAccountChain()
}, 90_000)
afterAll(() => chain?.close())

describe('wallet_sendCalls from the EOA', () => {
  it('upgrades the EOA (EIP-7702) in the same approval, or answers 5750 when the user declines', {
    timeout: 60_000,
  }, async () => {
    const frame = await signedInUser(server, chain)
    await frame.modal.request('frame.setPreferredAccount', { type: 'eoa' })
    await chain.fund(frame.address, '1')
    const declined = frame.rpc('wallet_sendCalls', sendCallsParams([{ to: RECIPIENT, value: '0x1' }]))
    const screen = await frame.screen('approval')
    expect(screen.description).toMatchObject({ kind: 'calls', accountType: 'eoa', eip7702Upgrade: {} })
    screen.reject()
    await expect(declined).rejects.toMatchObject({ code: WALLET_CALL_ERRORS.upgradeRejected.code })

    const before = await chain.client.getBalance({ address: RECIPIENT })
    const sending = frame.rpc(
      'wallet_sendCalls',
      sendCallsParams([
        { to: RECIPIENT, value: '0x1' },
        { to: RECIPIENT, value: '0x2' },
      ]),
    )
    await approveNext(frame)
    const { id } = (await sending) as { id: string }
    await chain.client.waitForTransactionReceipt({ hash: id as Hash })
    await expect(frame.rpc('wallet_getCallsStatus', [id])).resolves.toMatchObject({
      status: 200,
      atomic: true,
    })
    expect((await chain.client.getBalance({ address: RECIPIENT })) - before).toBe(3n)
    // After a reload, the id (the transaction's hash) is found again on chain.
    frame.ctx.sentBatches = createSentBatches()
    await expect(frame.rpc('wallet_getCallsStatus', [id])).resolves.toMatchObject({ id, status: 200 })
    await expect(frame.rpc('wallet_getCapabilities', [frame.address, ['0x7a69']])).resolves.toMatchObject({
      '0x7a69': { atomic: { status: 'supported' } },
    })
  })
})
