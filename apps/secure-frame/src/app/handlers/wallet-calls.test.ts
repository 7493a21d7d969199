/**
 * EIP-5792 through the key frame (issue 14 point 3), on anvil with the real Alto bundler and the dev
 * paymaster: a batch is one approval listing each call decoded, runs atomically, its status reaches
 * 200 (and is found again after a reload); a sponsored batch costs the account nothing; every 57xx
 * code the key frame answers, and the capabilities of both accounts. The EOA's batches:
 * eoa-calls.test.ts.
 */
import { ERC7715_RPC_METHODS, WALLET_CALL_ERRORS } from '@walletframe/protocol'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  http,
  parseUnits,
} from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_BACKENDS, useKeyServer } from '../../../server/test-support/key-server.ts'
import type { CallsDescription } from '../../approval/describe-calls.ts'
import { createSentBatches } from '../state/sent-batches.ts'
import { approveNext } from '../test-support/key-frame-harness.ts'
import {
  type SmartAccountChain,
  sendCallsParams,
  signedInUser,
  startSmartAccountChain,
} from '../test-support/smart-account-chain.ts'

const server = useKeyServer(TEST_BACKENDS[0]!)
const RECIPIENT = privateKeyToAddress(`0x${'44'.repeat(32)}`)
const SPENDER = privateKeyToAddress(`0x${'45'.repeat(32)}`)

let chain: SmartAccountChain
let dUSD: Address
beforeAll(async () => {
  chain = await startSmartAccountChain()
  dUSD = chain.fixtures.tokens.find((token) => token.symbol === 'dUSD')!.address
}, 90_000)
afterAll(() => chain?.close())

/** Dev account #1 (a fixture dUSD holder) sends `amount` dUSD to `to`. */
async function giveDollars(to: Address, amount: string) {
  const holder = privateKeyToAccount(chain.devnet.accounts[1]!.privateKey)
  const hash = await createWalletClient({
    account: holder,
    chain: foundry,
    transport: http(chain.rpcUrl),
  }).writeContract({
    address: dUSD,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
  })
  await chain.client.waitForTransactionReceipt({ hash })
}

const dollars = (owner: Address) =>
  chain.client.readContract({ address: dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const tokenCall = (functionName: 'approve' | 'transfer', to: Address, amount: string) => ({
  to: dUSD,
  data: encodeFunctionData({ abi: erc20Abi, functionName, args: [to, parseUnits(amount, 6)] }),
})
/** The user operation's inclusion, from the bundler (the batch id the wallet minted is its hash). */
const included = (id: string) =>
  createBundlerClient({
    client: chain.client,
    transport: http(chain.services.bundlerUrl),
    pollingInterval: 100,
  }).waitForUserOperationReceipt({ hash: id as Hash })

describe('wallet_sendCalls from the smart account', () => {
  it('shows approve + transfer as one approval, runs both, and the status reaches 200', {
    timeout: 60_000,
  }, async () => {
    const frame = await signedInUser(server, chain)
    await chain.fund(frame.smartAccount, '1')
    await giveDollars(frame.smartAccount, '10')
    const sending = frame.rpc('wallet_sendCalls', [
      ...sendCallsParams([tokenCall('approve', SPENDER, '5'), tokenCall('transfer', RECIPIENT, '2')], {
        from: frame.smartAccount,
      }),
    ])
    const description = (await approveNext(frame)) as CallsDescription
    expect(description).toMatchObject({ kind: 'calls', deploysAccount: true, accountType: 'smartAccount' })
    expect(description.calls.map((call) => call.tokenCall)).toMatchObject([
      {
        name: 'approve',
        token: dUSD,
        spender: SPENDER,
        amount: { raw: parseUnits('5', 6) },
        unlimited: false,
      },
      { name: 'transfer', token: dUSD, to: RECIPIENT, amount: { raw: parseUnits('2', 6) } },
    ])
    const { id } = (await sending) as { id: string }
    const sent = performance.now()
    const receipt = await included(id)
    console.log(
      `batch user operation (deploys, approve + transfer) → receipt: ${Math.round(performance.now() - sent)} ms, ${receipt.actualGasUsed} gas`,
    )
    const status = (await frame.rpc('wallet_getCallsStatus', [id])) as { status: number; receipts: unknown[] }
    expect(status).toMatchObject({
      id,
      chainId: '0x7a69',
      status: 200,
      atomic: true,
      receipts: [{ status: '0x1' }],
    })
    expect(await dollars(RECIPIENT)).toBe(parseUnits('2', 6))
    expect(
      await chain.client.readContract({
        address: dUSD,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [frame.smartAccount, SPENDER],
      }),
    ).toBe(parseUnits('5', 6))

    // Atomic: the second call cannot succeed, so the first does not happen either.
    const before = await dollars(frame.smartAccount)
    const failing = frame.rpc('wallet_sendCalls', [
      ...sendCallsParams([tokenCall('transfer', RECIPIENT, '1'), tokenCall('transfer', RECIPIENT, '1000')]),
    ])
    await approveNext(frame)
    await expect(failing).rejects.toMatchObject({ message: expect.stringMatching(/revert|AA|execution/i) })
    expect(await dollars(frame.smartAccount)).toBe(before)
    expect(await dollars(RECIPIENT)).toBe(parseUnits('2', 6))
  })

  it('a batch sponsored by the dapp’s paymaster service costs the account nothing', {
    timeout: 60_000,
  }, async () => {
    const frame = await signedInUser(server, chain)
    expect(await chain.client.getBalance({ address: frame.smartAccount })).toBe(0n)
    const sending = frame.rpc('wallet_sendCalls', [
      ...sendCallsParams(
        [
          { to: RECIPIENT, value: '0x0' },
          { to: RECIPIENT, data: '0x' },
        ],
        {
          capabilities: { paymasterService: { url: chain.services.paymasterUrl } },
        },
      ),
    ])
    expect(await approveNext(frame)).toMatchObject({ sponsoredBy: new URL(chain.services.paymasterUrl).host })
    const { id } = (await sending) as { id: string }
    expect((await included(id)).success).toBe(true)
    await expect(frame.rpc('wallet_getCallsStatus', [id])).resolves.toMatchObject({ status: 200 })
    expect(await chain.client.getBalance({ address: frame.smartAccount })).toBe(0n)
    // After a reload the page knows no batch; the id, the operation's hash, is found again on chain.
    frame.ctx.sentBatches = createSentBatches()
    await expect(frame.rpc('wallet_getCallsStatus', [id])).resolves.toMatchObject({ id, status: 200 })
    await expect(frame.rpc('wallet_getCallsStatus', [`0x${'12'.repeat(32)}`])).rejects.toMatchObject({
      code: WALLET_CALL_ERRORS.unknownBundle.code,
    })
    await expect(frame.modal.request('frame.getUser', {})).resolves.toMatchObject({
      smartAccountDeployed: true,
    })
  })
})

describe('EIP-5792 answers and errors', () => {
  it('answers the capabilities of each account by hex chain id', { timeout: 30_000 }, async () => {
    const frame = await signedInUser(server, chain)
    await expect(frame.rpc('wallet_getCapabilities', [frame.smartAccount])).resolves.toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    await expect(frame.rpc('wallet_getCapabilities', [frame.address, ['0x7a69']])).resolves.toEqual({
      '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: false } },
    })
    await expect(frame.rpc('wallet_getCapabilities', [RECIPIENT])).rejects.toMatchObject({ code: 4100 })
  })

  it('answers each wallet-call error before any approval opens', { timeout: 60_000 }, async () => {
    const frame = await signedInUser(server, chain)
    const cases: [unknown[], number][] = [
      [sendCallsParams([{ to: RECIPIENT }], { chainId: '0x1' }), WALLET_CALL_ERRORS.unsupportedChain.code],
      [
        sendCallsParams(Array.from({ length: 33 }, () => ({ to: RECIPIENT }))),
        WALLET_CALL_ERRORS.bundleTooLarge.code,
      ],
      [
        sendCallsParams([{ to: RECIPIENT }], { capabilities: { auxiliaryFunds: { supported: true } } }),
        WALLET_CALL_ERRORS.unsupportedCapability.code,
      ],
      [sendCallsParams([{ data: '0x' }]), -32602],
      [sendCallsParams([{ to: RECIPIENT }], { from: frame.address }), 4100],
    ]
    for (const [params, code] of cases)
      await expect(frame.rpc('wallet_sendCalls', params), JSON.stringify(params)).rejects.toMatchObject({
        code,
      })
    await expect(frame.rpc('wallet_getCallsStatus', ['0xunknown'])).rejects.toMatchObject({
      code: WALLET_CALL_ERRORS.unknownBundle.code,
    })
    await expect(
      frame.rpc('eth_sendUserOperation', [{}, '0x0000000071727De22E5E9d8BAf0edAc6f37da032']),
    ).rejects.toMatchObject({
      code: 4200,
      message: expect.stringMatching(/wallet_sendCalls/),
    })
    for (const method of ERC7715_RPC_METHODS)
      await expect(frame.rpc(method, [{}])).rejects.toMatchObject({
        code: 4200,
        message: expect.stringMatching(/ERC-7715/),
      })
    expect(frame.ctx.view.get().screen.kind).toBe('idle')

    // An id the dapp chose is the batch's id, and cannot be used twice (5720).
    await chain.fund(frame.smartAccount, '1')
    const first = frame.rpc(
      'wallet_sendCalls',
      sendCallsParams([{ to: RECIPIENT, value: '0x1' }], { id: 'order-42' }),
    )
    await approveNext(frame)
    await expect(first).resolves.toEqual({ id: 'order-42' })
    await expect(
      frame.rpc('wallet_sendCalls', sendCallsParams([{ to: RECIPIENT }], { id: 'order-42' })),
    ).rejects.toMatchObject({
      code: WALLET_CALL_ERRORS.duplicateId.code,
    })
  })
})
