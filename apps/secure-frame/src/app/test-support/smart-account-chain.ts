/**
 * Test support: one anvil devnet chain with its fixtures (EntryPoint v0.7, the smart-account
 * factory, the EIP-7702 delegate, tokens) and the real ERC-4337 services on it (Alto and the dev
 * paymaster), and the key frame's init naming that chain's RPC and bundler.
 */
import { startAccountAbstractionServices } from '@walletframe/bundler'
import { startDevnet } from '@walletframe/devnet'
import type { FrameInit } from '@walletframe/protocol'
import { resolveStackConfig } from '@walletframe/stack'
import { freePort, freePortPair } from '@walletframe/testing'
import { type Address, createPublicClient, createTestClient, http, parseEther } from 'viem'
import { foundry } from 'viem/chains'
import type { TestKeyServer } from '../../../server/test-support/key-server.ts'
import { DEVNET_INIT, setUpWallet } from './key-frame-harness.ts'

const host = '127.0.0.1'
const chainId = 31_337

export async function startSmartAccountChain() {
  const port = await freePortPair()
  const rpcUrl = `http://${host}:${port}`
  const devnet = await startDevnet({ host, chains: [{ chainId, name: 'Devnet', port, rpcUrl }] })
  const [bundlerPort, paymasterPort] = [await freePort(), await freePort()]
  const services = await startAccountAbstractionServices({
    config: resolveStackConfig({ WF_BUNDLER_PORT: `${bundlerPort}`, WF_PAYMASTER_PORT: `${paymasterPort}` })
      .bundler,
    chain: { chainId, rpcUrl },
    contracts: devnet.fixtures[chainId]!.accountAbstraction,
  }).catch(async (error: unknown) => {
    await devnet.close()
    throw error
  })
  const [devnetNetwork, ...others] = DEVNET_INIT.networks
  const init: FrameInit = {
    ...DEVNET_INIT,
    networks: [
      { ...devnetNetwork!, rpcUrl, bundlerUrl: services.bundlerUrl },
      // An embedded-wallet chain without a bundler: the smart account is not offered there.
      { ...devnetNetwork!, id: 31_338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:1' },
      ...others,
    ],
  }
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
  const testClient = createTestClient({ mode: 'anvil', chain: foundry, transport: http(rpcUrl) })
  return {
    devnet,
    services,
    init,
    client,
    rpcUrl,
    fixtures: devnet.fixtures[chainId]!,
    fund: (address: Address, ether: string) => testClient.setBalance({ address, value: parseEther(ether) }),
    async close() {
      await services.close()
      await devnet.close()
    },
  }
}
export type SmartAccountChain = Awaited<ReturnType<typeof startSmartAccountChain>>

/** A new embedded user on `chain`'s key frame: its smart account, and dapp requests through the frame. */
export async function signedInUser(server: TestKeyServer, chain: SmartAccountChain) {
  const frame = await setUpWallet(server, undefined, undefined, chain.init)
  const user = await frame.modal.request('frame.getUser', {})
  const smartAccount = user.accounts.find((account) => account.type === 'smartAccount')!.address as Address
  const rpc = (method: string, params?: unknown[]) =>
    frame.modal.request('frame.rpcRequest', { method, ...(params ? { params } : {}) })
  return { ...frame, smartAccount, rpc }
}

/** A `wallet_sendCalls` request on the devnet chain. */
export const sendCallsParams = (calls: unknown[], fields: Record<string, unknown> = {}) => [
  { version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls, ...fields },
]
