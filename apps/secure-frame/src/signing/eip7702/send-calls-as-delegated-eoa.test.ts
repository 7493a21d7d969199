import { type Devnet, devnetAccounts } from '@walletframe/devnet'
import { EIP7702_DELEGATE_ADDRESS, RPC_INVALID_PARAMS } from '@walletframe/protocol'
import {
  encodeFunctionData,
  hashMessage,
  parseAbi,
  parseEther,
  type TransactionReceipt,
  verifyMessage,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createKeyVault } from '../../custody/index.ts'
import { createRpcClient, type RpcClient } from '../rpc-client.ts'
import { devAccountVault, TEST_CHAIN_ID } from '../test-devnet.ts'
import type { Call } from './call.ts'
import { readDelegation } from './read-delegation.ts'
import { executeBatchData, sendCallsAsDelegatedEoa } from './send-calls-as-delegated-eoa.ts'
import { startChainWithDelegate } from './test-delegate.ts'

let devnet: Devnet
let rpcUrl: string
let client: RpcClient
const [alice, bob] = [devnetAccounts()[6]!.address, devnetAccounts()[7]!.address]

beforeAll(async () => {
  ;({ devnet, rpcUrl } = await startChainWithDelegate())
  client = createRpcClient(rpcUrl)
})
afterAll(() => devnet?.close())

const transfers = (ether: string): Call[] => [
  { to: alice, value: parseEther(ether) },
  { to: bob, value: parseEther(ether), data: '0x' },
]
/** A call that always reverts: the delegate's own `execute`, which only the account itself may call. */
const reverting: Call = {
  to: EIP7702_DELEGATE_ADDRESS,
  data: encodeFunctionData({
    abi: parseAbi(['function execute(address target, uint256 value, bytes data)']),
    functionName: 'execute',
    args: [alice, 0n, '0x'],
  }),
}
const balances = () => Promise.all([alice, bob].map((address) => client.getBalance({ address })))
const mined = (hash: `0x${string}`): Promise<TransactionReceipt> =>
  client.waitForTransactionReceipt({ hash, pollingInterval: 50 })

describe('sendCallsAsDelegatedEoa', () => {
  it('upgrades a plain EOA and runs the batch in one type-4 transaction, at the same address', async () => {
    const vault = devAccountVault(1)
    const eoa = vault.address
    expect(await readDelegation(client, eoa)).toBeUndefined()
    const before = await balances()

    const hash = await sendCallsAsDelegatedEoa(vault, transfers('0.01'), rpcUrl, TEST_CHAIN_ID, {
      upgrade: true,
    })
    expect(await mined(hash)).toMatchObject({ status: 'success', type: 'eip7702', from: eoa.toLowerCase() })
    const transaction = await client.getTransaction({ hash })
    expect(transaction.to).toBe(eoa.toLowerCase())
    expect(transaction.authorizationList).toHaveLength(1)
    expect(transaction.authorizationList![0]!.address).toBe(EIP7702_DELEGATE_ADDRESS.toLowerCase())

    expect(await readDelegation(client, eoa)).toBe(EIP7702_DELEGATE_ADDRESS)
    expect(await balances()).toEqual(before.map((balance) => balance + parseEther('0.01')))
    expect(vault.address).toBe(eoa)
  })

  it('sends the next batch without an authorization once delegated', async () => {
    const vault = devAccountVault(1)
    const before = await balances()
    const hash = await sendCallsAsDelegatedEoa(vault, transfers('0.02'), rpcUrl, TEST_CHAIN_ID, {
      upgrade: false,
    })
    expect(await mined(hash)).toMatchObject({ status: 'success', type: 'eip1559' })
    expect(await balances()).toEqual(before.map((balance) => balance + parseEther('0.02')))
    expect(await readDelegation(client, vault.address)).toBe(EIP7702_DELEGATE_ADDRESS)
  })

  it('signs as a smart account: the delegated EOA verifies its signature through ERC-1271', async () => {
    const vault = devAccountVault(1)
    const signature = await vault.signMessage('hello')
    const isValidSignature = (hash: `0x${string}`, signed: `0x${string}`) =>
      client.readContract({
        address: vault.address,
        abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
        functionName: 'isValidSignature',
        args: [hash, signed],
      })
    expect(await isValidSignature(hashMessage('hello'), signature)).toBe('0x1626ba7e')
    expect(await verifyMessage({ address: vault.address, message: 'hello', signature })).toBe(true)

    const stranger = await devAccountVault(2).signMessage('hello')
    expect(await isValidSignature(hashMessage('hello'), stranger)).toBe('0xffffffff')
    expect(await verifyMessage({ address: vault.address, message: 'hello', signature: stranger })).toBe(false)
  })

  it('is atomic: a batch with a reverting call changes nothing, upgrade included', async () => {
    const vault = devAccountVault(3)
    const before = await balances()
    const nonce = await client.getTransactionCount({ address: vault.address })
    const batch = [...transfers('0.5'), reverting]

    await expect(
      sendCallsAsDelegatedEoa(vault, batch, rpcUrl, TEST_CHAIN_ID, { upgrade: true }),
    ).rejects.toMatchObject({
      name: 'WalletFrameError',
      code: 3, // the node's "execution reverted"
      message: 'wallet_sendCalls: call 3 of 3 reverts: not from self or EntryPoint; nothing was sent.',
    })
    // A batch of one: the delegate reverts with the call's own reason, not wrapped.
    await expect(
      sendCallsAsDelegatedEoa(vault, [reverting], rpcUrl, TEST_CHAIN_ID, { upgrade: true }),
    ).rejects.toMatchObject({
      message: 'wallet_sendCalls: call 1 of 1 reverts: not from self or EntryPoint; nothing was sent.',
    })
    expect(await balances()).toEqual(before)
    expect(await client.getTransactionCount({ address: vault.address })).toBe(nonce)
    expect(await readDelegation(client, vault.address)).toBeUndefined()
  })

  it('is atomic on chain too: a mined batch whose last call reverts undoes the calls before it', async () => {
    // Past the wallet's own gas estimate (which refuses such a batch before sending, above): the
    // delegate's executeBatch itself reverts as a whole, which is what `atomic` promises.
    const vault = devAccountVault(1)
    const before = await balances()
    const eoa = vault.address
    const data = executeBatchData([...transfers('0.5'), reverting])
    const serializedTransaction = await vault.signTransaction({
      chainId: TEST_CHAIN_ID,
      nonce: await client.getTransactionCount({ address: eoa }),
      to: eoa,
      data,
      gas: 300_000n,
      maxFeePerGas: parseEther('0.00000001'),
      maxPriorityFeePerGas: 1n,
    })
    const receipt = await mined(await client.sendRawTransaction({ serializedTransaction }))
    expect(receipt.status).toBe('reverted')
    expect(await balances()).toEqual(before)
  })

  it('refuses to run a batch on an EOA that does not delegate to the wallet’s code, sending nothing', async () => {
    const vault = devAccountVault(4)
    const nonce = await client.getTransactionCount({ address: vault.address })
    await expect(
      sendCallsAsDelegatedEoa(vault, transfers('0.01'), rpcUrl, TEST_CHAIN_ID, { upgrade: false }),
    ).rejects.toMatchObject({
      message: `wallet_sendCalls: ${vault.address} does not delegate to ${EIP7702_DELEGATE_ADDRESS} (EIP-7702), so it cannot run a batch without an upgrade.`,
    })
    expect(await client.getTransactionCount({ address: vault.address })).toBe(nonce)
  })

  it('refuses an empty batch (-32602) and a locked vault', async () => {
    await expect(
      sendCallsAsDelegatedEoa(devAccountVault(4), [], rpcUrl, TEST_CHAIN_ID, { upgrade: true }),
    ).rejects.toMatchObject({ code: RPC_INVALID_PARAMS.code })
    await expect(
      sendCallsAsDelegatedEoa(createKeyVault(), transfers('0.01'), rpcUrl, TEST_CHAIN_ID, { upgrade: true }),
    ).rejects.toMatchObject({ message: 'wallet_sendCalls: the wallet is locked; unlock it to sign.' })
  })
})
