import { type Devnet, devnetAccounts } from '@walletframe/devnet'
import {
  MODAL_HTTP_FAILED,
  MODAL_RPC_NOT_ALLOWED,
  RPC_INVALID_PARAMS,
  SAFE_RPC_METHODS,
} from '@walletframe/protocol'
import { freePort } from '@walletframe/testing'
import { numberToHex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forwardRead } from './forward-read.ts'
import { startTestChain, TEST_CHAIN_ID } from './test-devnet.ts'

let devnet: Devnet
let rpcUrl: string

beforeAll(async () => {
  ;({ devnet, rpcUrl } = await startTestChain())
})
afterAll(() => devnet?.close())

describe('forwardRead', () => {
  it('answers read methods from the network', async () => {
    expect(await forwardRead(rpcUrl, 'eth_chainId')).toBe(numberToHex(TEST_CHAIN_ID))
    const { address } = devnetAccounts()[0]!
    expect(await forwardRead(rpcUrl, 'eth_getBalance', [address, 'latest'])).toBe(
      numberToHex(parseEther('10000')),
    )
    expect(await forwardRead(rpcUrl, 'eth_blockNumber', [])).toBe('0x0')
  })

  it('refuses every method that is not a safe one, sending nothing', async () => {
    for (const method of [
      'eth_sendTransaction',
      'personal_sign',
      'eth_sign',
      'eth_accounts',
      'anvil_setBalance',
    ]) {
      expect(SAFE_RPC_METHODS).not.toContain(method)
      await expect(forwardRead('http://127.0.0.1:1', method, [])).rejects.toMatchObject({
        code: MODAL_RPC_NOT_ALLOWED.code,
        reason: MODAL_RPC_NOT_ALLOWED.reason,
        message: MODAL_RPC_NOT_ALLOWED.message,
      })
    }
  })

  it('refuses params that are not an array', async () => {
    await expect(forwardRead(rpcUrl, 'eth_getBalance', { address: '0x' })).rejects.toMatchObject({
      code: RPC_INVALID_PARAMS.code,
    })
  })

  it('passes the node’s error on, and maps an unreachable endpoint to the HTTP error', async () => {
    await expect(forwardRead(rpcUrl, 'eth_getBalance', ['not-an-address', 'latest'])).rejects.toMatchObject({
      code: -32602,
    })
    const closedPort = await freePort()
    await expect(forwardRead(`http://127.0.0.1:${closedPort}`, 'eth_chainId')).rejects.toMatchObject({
      code: MODAL_HTTP_FAILED.code,
      reason: MODAL_HTTP_FAILED.reason,
    })
  })
})
