import { type Devnet, devnetAccounts } from '@walletframe/devnet'
import { PROVIDER_UNAUTHORIZED, RPC_INVALID_PARAMS } from '@walletframe/protocol'
import { createPublicClient, http, numberToHex, type PublicClient, pad, parseEther, parseGwei } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendTransaction } from './send-transaction.ts'
import { devAccountVault, startTestChain, TEST_CHAIN_ID } from './test-devnet.ts'

let devnet: Devnet
let rpcUrl: string
let client: PublicClient
const sender = devnetAccounts()[3]!.address
const recipient = devnetAccounts()[4]!.address
const vault = devAccountVault(3)

beforeAll(async () => {
  ;({ devnet, rpcUrl } = await startTestChain())
  client = createPublicClient({ transport: http(rpcUrl) })
})
afterAll(() => devnet?.close())
const anvil = (method: string, params: unknown[]) =>
  client.request({ method: method as 'eth_chainId', params } as never)

describe('sendTransaction', () => {
  it('fills nonce, gas and fees, signs, and the transfer lands with the right value', async () => {
    const before = await client.getBalance({ address: recipient })
    const value = parseEther('0.01')
    const hash = await sendTransaction(
      vault,
      [{ from: sender, to: recipient, value: numberToHex(value) }],
      rpcUrl,
      TEST_CHAIN_ID,
    )
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const transaction = await client.getTransaction({ hash })
    expect(transaction).toMatchObject({ from: sender.toLowerCase(), to: recipient.toLowerCase(), value })
    expect(transaction.type).toBe('eip1559')
    expect(transaction.chainId).toBe(TEST_CHAIN_ID)
    // A plain transfer always costs 21,000: no headroom.
    expect(transaction.gas).toBe(21_000n)
    expect(await client.getBalance({ address: recipient })).toBe(before + value)
  })

  it('keeps what the dapp gave: nonce, gas, a legacy gasPrice, data', async () => {
    const nonce = await client.getTransactionCount({ address: sender })
    const hash = await sendTransaction(
      vault,
      [
        {
          from: sender,
          to: recipient,
          value: '0x01',
          data: '0x1234',
          gas: numberToHex(50_000),
          gasPrice: numberToHex(parseGwei('3')),
          nonce: numberToHex(nonce),
          chainId: numberToHex(TEST_CHAIN_ID),
        },
      ],
      rpcUrl,
      TEST_CHAIN_ID,
    )
    await client.waitForTransactionReceipt({ hash })
    const transaction = await client.getTransaction({ hash })
    expect(transaction).toMatchObject({
      type: 'legacy',
      nonce,
      gas: 50_000n,
      gasPrice: parseGwei('3'),
      input: '0x1234',
      value: 1n,
    })
  })

  it('a contract call costing more in the block it lands in than in the estimate still succeeds', async () => {
    // Stores block.coinbase when it changed, like a Uniswap pair's accumulators on a new timestamp:
    // COINBASE PUSH0 SLOAD EQ PUSH1 0x0a JUMPI COINBASE PUSH0 SSTORE JUMPDEST STOP.
    const stamp = '0x00000000000000000000000000000000005ca1ab'
    const [first, second] = [devnetAccounts()[7]!.address, devnetAccounts()[8]!.address]
    await anvil('anvil_setCode', [stamp, '0x415f5414600a57415f555b00'])
    await anvil('anvil_setCoinbase', [first])
    await anvil('anvil_setStorageAt', [stamp, '0x0', pad(first)])
    await anvil('evm_setAutomine', [false])
    try {
      // Estimated while the stored coinbase is the block's: no write.
      const hash = await sendTransaction(vault, [{ from: sender, to: stamp }], rpcUrl, TEST_CHAIN_ID)
      await anvil('anvil_setCoinbase', [second])
      await anvil('evm_mine', [])
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(await client.getStorageAt({ address: stamp, slot: '0x0' })).toBe(pad(second).toLowerCase())
    } finally {
      await anvil('evm_setAutomine', [true])
    }
  })

  it('refuses a `from` other than the wallet’s account before touching the network', async () => {
    await expect(
      sendTransaction(
        vault,
        [{ from: recipient, to: sender, value: '0x1' }],
        'http://127.0.0.1:1',
        TEST_CHAIN_ID,
      ),
    ).rejects.toMatchObject({
      code: PROVIDER_UNAUTHORIZED.code,
      message: `eth_sendTransaction: ${recipient} is not the account of this wallet.`,
    })
  })

  it('refuses a transaction for another chain, and malformed params (-32602)', async () => {
    const cases: unknown[] = [
      [{ from: sender, to: recipient, chainId: '0x1' }],
      [],
      [{ to: recipient }],
      [{ from: sender, to: recipient, value: '100' }],
      [{ from: sender, to: recipient, data: '0x123' }],
      [{ from: sender, gasPrice: '0x1', maxFeePerGas: '0x1' }],
      [{ from: sender, authorizationList: [] }],
    ]
    for (const params of cases) {
      await expect(
        sendTransaction(vault, params, rpcUrl, TEST_CHAIN_ID),
        JSON.stringify(params),
      ).rejects.toMatchObject({ code: RPC_INVALID_PARAMS.code })
    }
  })

  it('passes the node’s own error on: sending more than the balance', async () => {
    const error = await sendTransaction(
      vault,
      [{ from: sender, to: recipient, value: numberToHex(parseEther('1000000')) }],
      rpcUrl,
      TEST_CHAIN_ID,
    ).catch((thrown: unknown) => thrown)
    expect(error).toMatchObject({ name: 'WalletFrameError' })
    expect((error as { code: number }).code).toBeLessThan(0)
    expect((error as Error).message).toMatch(/insufficient funds/i)
  })
})
