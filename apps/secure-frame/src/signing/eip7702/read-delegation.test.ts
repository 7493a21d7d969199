import { type Devnet, devnetAccounts } from '@walletframe/devnet'
import { EIP7702_DELEGATE_ADDRESS, MODAL_HTTP_FAILED } from '@walletframe/protocol'
import { createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRpcClient, type RpcClient } from '../rpc-client.ts'
import { readDelegation } from './read-delegation.ts'
import { startChainWithDelegate } from './test-delegate.ts'

let devnet: Devnet
let rpcUrl: string
let client: RpcClient

beforeAll(async () => {
  ;({ devnet, rpcUrl } = await startChainWithDelegate())
  client = createRpcClient(rpcUrl)
})
afterAll(() => devnet?.close())

describe('readDelegation', () => {
  it('finds none for a plain EOA, nor for a contract', async () => {
    expect(await readDelegation(client, devnetAccounts()[1]!.address)).toBeUndefined()
    expect(await readDelegation(client, EIP7702_DELEGATE_ADDRESS)).toBeUndefined()
  })

  it('reads the target an EOA delegates to, checksummed, and none once the delegation is cleared', async () => {
    const account = privateKeyToAccount(devnetAccounts()[2]!.privateKey)
    const wallet = createWalletClient({ account, transport: http(rpcUrl) })
    const delegate = async (contractAddress: `0x${string}`) => {
      const authorization = await wallet.signAuthorization({
        contractAddress,
        chainId: 31_337,
        executor: 'self',
      })
      const hash = await wallet.sendTransaction({
        authorizationList: [authorization],
        to: account.address,
        chain: null,
      })
      await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    }
    await delegate(EIP7702_DELEGATE_ADDRESS.toLowerCase() as `0x${string}`)
    expect(await readDelegation(client, account.address)).toBe(EIP7702_DELEGATE_ADDRESS)
    // EIP-7702: delegating to the zero address clears the designator.
    await delegate('0x0000000000000000000000000000000000000000')
    expect(await readDelegation(client, account.address)).toBeUndefined()
  })

  it('fails with the catalogue’s error when the node cannot be reached', async () => {
    await expect(
      readDelegation(createRpcClient('http://127.0.0.1:1'), devnetAccounts()[1]!.address),
    ).rejects.toMatchObject({ name: 'WalletFrameError', code: MODAL_HTTP_FAILED.code })
  })
})
