/**
 * ETH the wallet's accounts send from inside a transaction (issue 14), indexed from call traces on a
 * real anvil: an EIP-7702 batch (the EOA calling its own `executeBatch`, Simple7702Account) and an
 * ERC-4337 bundle (`handleOps` on the EntryPoint v0.7 for the Solady smart account, sent as a
 * bundler would), one of whose operations reverts inside. Then a node without the debug namespace.
 */

import { devnetAccounts } from '@walletframe/devnet'
import { EIP7702_DELEGATE_ADDRESS, SMART_ACCOUNT_FACTORY_ADDRESS } from '@walletframe/protocol'
import {
  type Address,
  concat,
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  type Hex,
  http,
  type LocalAccount,
  pad,
  parseAbi,
  parseEther,
  parseGwei,
} from 'viem'
import {
  entryPoint07Abi,
  entryPoint07Address,
  toPackedUserOperation,
  toSoladySmartAccount,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readHistoryPage } from '../history/page.ts'
import type { RunningApi } from '../server.ts'
import { startTestApi } from '../test-support/api.ts'
import { anvil, publicClient, sendEth, toHexQuantity } from '../test-support/chain.ts'
import { startTestDevnet, type TestDevnet } from '../test-support/devnet.ts'
import { fetchRange } from './fetch.ts'
import { CallTracer } from './internal-transfers.ts'

const executeBatchAbi = parseAbi([
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
])
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address
/** Calldata nothing answers: the EntryPoint has no fallback, so a call with it reverts. */
const REVERTS: Hex = '0xdeadbeef'

describe('internal native transfers', () => {
  let devnet: TestDevnet
  let api: RunningApi
  const chain = () => devnet.stack.devnet.chains[0]!
  const client = () => publicClient(chain())
  const history = async (account: Address) =>
    (
      await readHistoryPage(api.context, {
        account: account.toLowerCase() as Address,
        chainId: chain().chainId,
      })
    ).data
  const storedIndexes = async (hash: Hex) =>
    (
      await api.context.db.query<{ log_index: number }>(
        'SELECT log_index FROM transfers WHERE tx_hash = $1 ORDER BY log_index DESC',
        [hash],
      )
    ).map((row) => row.log_index)

  /** A funded EOA sends `calls` as one type-4 (first time) transaction to itself. */
  const funded = async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    await anvil(chain(), 'anvil_setBalance', [owner.address, toHexQuantity(parseEther('1'))])
    return owner
  }
  const sendBatch = async (
    owner: LocalAccount,
    calls: Array<{ target: Address; value: bigint; data: Hex }>,
    options: { authorize: boolean },
  ) => {
    const wallet = createWalletClient({
      account: owner,
      chain: client().chain,
      transport: http(chain().rpcUrl),
    })
    const authorizationList = options.authorize
      ? [await wallet.signAuthorization({ contractAddress: EIP7702_DELEGATE_ADDRESS, executor: 'self' })]
      : undefined
    const hash = await wallet.sendTransaction({
      to: owner.address,
      data: encodeFunctionData({ abi: executeBatchAbi, functionName: 'executeBatch', args: [calls] }),
      ...(authorizationList ? { authorizationList } : {}),
      gas: 500_000n, // no estimate: a batch that reverts must still be sent
    })
    return client().waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }

  beforeAll(async () => {
    devnet = await startTestDevnet()
    api = await startTestApi(devnet, {})
  }, 60_000)

  afterAll(async () => {
    await api?.close()
    await devnet?.close()
  })

  it('indexes an EIP-7702 batch: each call sends, in call order, to the EOA and the recipients', async () => {
    const owner = await funded()
    const [first, second] = [fresh(), fresh()]
    const receipt = await sendBatch(
      owner,
      [
        { target: first, value: parseEther('0.01'), data: '0x' },
        { target: second, value: parseEther('0.02'), data: '0x' },
      ],
      { authorize: true },
    )
    expect(receipt).toMatchObject({ status: 'success', type: 'eip7702' })
    // Atomic: one call reverting reverts the batch; the transaction fails and nothing moved.
    const failed = await sendBatch(
      owner,
      [
        { target: first, value: parseEther('0.5'), data: '0x' },
        { target: entryPoint07Address, value: 0n, data: REVERTS },
      ],
      { authorize: false },
    )
    expect(failed.status).toBe('reverted')
    await api.indexer.waitFor(chain().chainId, failed.blockNumber)

    expect(await storedIndexes(receipt.transactionHash)).toEqual([-2, -3])
    expect(await storedIndexes(failed.transactionHash)).toEqual([])
    const [sent, ...older] = await history(owner.address)
    expect(older).toEqual([])
    expect(sent?.metadata).toMatchObject({
      hash: receipt.transactionHash,
      operationType: 'send',
      status: 'confirmed',
    })
    expect(sent?.transfers.map((t) => [t.direction, t.quantity.numeric])).toEqual([
      ['out', '0.01'],
      ['out', '0.02'],
    ])
    const received = await history(first)
    expect(received.map((item) => item.metadata.operationType)).toEqual(['receive'])
    expect(received[0]?.transfers.map((t) => [t.direction, t.quantity.numeric])).toEqual([['in', '0.01']])
  })

  it("indexes a bundle's sends for the smart account, not those of an operation that reverted, nor gas", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSoladySmartAccount({
      client: client(),
      owner,
      entryPoint: { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' },
      factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS,
      salt: concat([owner.address, pad('0x0', { size: 12 })]),
    })
    await anvil(chain(), 'anvil_setBalance', [account.address, toHexQuantity(parseEther('1'))])
    const [paid, unpaid, beneficiary] = [fresh(), fresh(), fresh()]
    const { factory, factoryData } = await account.getFactoryArgs()
    const operation = async (nonce: bigint, calls: Array<{ to: Address; value?: bigint; data?: Hex }>) => {
      const unsigned: UserOperation<'0.7'> = {
        sender: account.address,
        nonce,
        callData: await account.encodeCalls(calls),
        callGasLimit: 300_000n,
        verificationGasLimit: 600_000n,
        preVerificationGas: 60_000n,
        maxFeePerGas: parseGwei('10'),
        maxPriorityFeePerGas: parseGwei('1'),
        signature: '0x',
        ...(nonce === 0n ? { factory, factoryData } : {}),
      }
      return toPackedUserOperation({ ...unsigned, signature: await account.signUserOperation(unsigned) })
    }
    const operations = [
      await operation(0n, [{ to: paid, value: parseEther('0.01') }]),
      // Reverts inside (its second call): its first call's value is undone.
      await operation(1n, [
        { to: unpaid, value: parseEther('0.005') },
        { to: entryPoint07Address, data: REVERTS },
      ]),
    ]
    const bundler = createWalletClient({
      account: privateKeyToAccount(devnetAccounts()[7]!.privateKey),
      chain: client().chain,
      transport: http(chain().rpcUrl),
    })
    const hash = await bundler.writeContract({
      address: entryPoint07Address,
      abi: entryPoint07Abi,
      functionName: 'handleOps',
      args: [operations, beneficiary],
      gas: 3_000_000n,
    })
    const receipt = await client().waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(await client().getBalance({ address: paid })).toBe(parseEther('0.01'))
    expect(await client().getBalance({ address: unpaid })).toBe(0n)
    expect(await client().getBalance({ address: beneficiary })).toBeGreaterThan(0n)
    await api.indexer.waitFor(chain().chainId, receipt.blockNumber)

    // From the smart account's view: it sent 0.01 ETH in a transaction a bundler sent to the EntryPoint.
    const [sent, ...older] = await history(account.address)
    expect(older).toEqual([])
    expect(sent?.metadata).toMatchObject({
      hash,
      operationType: 'send',
      status: 'confirmed',
      sentTo: entryPoint07Address,
    })
    expect(sent?.transfers.map((t) => [t.direction, t.quantity.numeric])).toEqual([['out', '0.01']])
    expect((await history(paid)).map((item) => item.transfers[0]?.direction)).toEqual(['in'])
    expect(await history(unpaid)).toEqual([])
    expect(await history(beneficiary)).toEqual([])
    expect(await storedIndexes(hash)).toEqual([-2])
  })

  it('goes on without internal transfers on a node that cannot trace, and says so once', async () => {
    // The devnet behind a node's usual answer when its debug namespace is off (geth's words).
    const rpcUrl = chain().rpcUrl
    const node = createPublicClient({
      chain: client().chain,
      transport: custom({
        async request({ method, params }) {
          if (method.startsWith('debug_'))
            throw { code: -32601, message: `the method ${method} does not exist/is not available` }
          const response = await fetch(rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
          const body = (await response.json()) as { result?: unknown; error?: unknown }
          if (body.error) throw body.error
          return body.result
        },
      }),
    })
    const logged: string[] = []
    const tracer = new CallTracer(node, (message) => logged.push(message))
    const owner = await funded()
    const batch = await sendBatch(owner, [{ target: fresh(), value: 1n, data: '0x' }], { authorize: true })
    const plain = await sendEth(chain(), 3, fresh(), 5n)
    const config = api.context.chains.get(chain().chainId)!.config
    const read = (block: bigint) =>
      fetchRange({ config, client: node }, Number(block), Number(block), async () => new Set(), tracer)

    const [withBatch, withPlain] = [await read(batch.blockNumber), await read(plain.blockNumber)]
    expect(withBatch.transfers).toEqual([])
    expect(withPlain.transfers.map((t) => [t.txHash, t.logIndex, t.amount])).toEqual([
      [plain.transactionHash, -1, 5n],
    ])
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatch(/debug_traceTransaction/)
  })
})
