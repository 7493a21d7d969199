/**
 * EIP-5792 batched calls and ERC-7715 execution permissions through the modal (issue 14): passed
 * through to a WalletConnect wallet as the dapp sent them, sent to the key frame for the embedded
 * wallet, and `wallet_showCallsStatus` shown by the modal for the embedded wallet (its own screen).
 * (A connected page wallet gets them straight from the SDK: methods-meta.test.ts, isWalletRpcMethod.)
 */
import { RPC_INVALID_PARAMS, WALLET_RPC_METHODS } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openChannel } from '../features/connect/test-wallet.ts'
import { createFakeKeyFrame } from '../features/embedded/test-key-frame.ts'
import {
  createFakeSignClient,
  fakeSession,
  WALLET_ADDRESS,
} from '../features/walletconnect/fake-sign-client.ts'
import { createSession } from './session.ts'
import { reconnectEmbedded, testInit, testNetwork } from './test-support.ts'

const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})

const BUNDLE_ID = `0x${'12'.repeat(32)}`
const HASH = `0x${'ab'.repeat(32)}`
/** What a dapp sends (viem's shapes), and what a wallet answers. */
const CALLS: [string, unknown[], unknown][] = [
  [
    'wallet_sendCalls',
    [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: WALLET_ADDRESS,
        atomicRequired: true,
        calls: [{ to: WALLET_ADDRESS }],
      },
    ],
    { id: BUNDLE_ID },
  ],
  ['wallet_getCallsStatus', [BUNDLE_ID], { status: 200, atomic: true, receipts: [] }],
  ['wallet_getCapabilities', [WALLET_ADDRESS, ['0x7a69']], { '0x7a69': { atomic: { status: 'supported' } } }],
  ['wallet_showCallsStatus', [BUNDLE_ID], null],
  ['wallet_requestExecutionPermissions', [{ chainId: '0x7a69', to: WALLET_ADDRESS }], [{ context: '0x01' }]],
  ['wallet_revokeExecutionPermission', [{ permissionContext: '0x01' }], null],
  ['wallet_getSupportedExecutionPermissions', [], { 'native-token-transfer': { chainIds: ['0x7a69'] } }],
  ['wallet_getGrantedExecutionPermissions', [], []],
]

describe('WalletConnect wallets: EIP-5792 and ERC-7715 pass through', () => {
  it('asks for every method in the session proposal and forwards each request and answer unchanged', async () => {
    const fake = createFakeSignClient()
    const channel = openChannel()
    closers.push(channel.close)
    channel.host.handle('storage.set', () => null)
    const answers = new Map(CALLS.map(([method, , answer]) => [method, answer]))
    fake.answerWith(async ({ request }) => answers.get(request.method))
    const session = createSession({
      walletConnect: { relayUrl: 'ws://relay.test', loadClient: async () => fake.client },
    })
    session.attach(channel.modal, testInit({ networks: [testNetwork(31337, 'http://127.0.0.1:9/')] }))
    session.open()
    session.selectWalletConnect()
    await vi.waitFor(() => expect(session.store.get().walletConnect.pairing.status).toBe('ready'))
    const proposal = fake.proposals[0]!
    expect(proposal.params.optionalNamespaces?.eip155?.methods).toEqual([...WALLET_RPC_METHODS])
    const approved = fakeSession()
    proposal.approve({
      namespaces: { eip155: { ...approved.namespaces.eip155!, methods: CALLS.map(([method]) => method) } },
    })
    await vi.waitFor(() => expect(session.store.get().account.status).toBe('connected'))

    for (const [method, params, answer] of CALLS) {
      await expect(channel.host.request('rpc.request', { method, params }), method).resolves.toEqual(answer)
      expect(fake.requests.at(-1)?.request, method).toEqual({ method, params })
    }
    // The wallet shows the status itself: the modal stays where it was.
    expect(session.store.get().view).not.toBe('CallsStatus')
  })
})

describe('the embedded wallet', () => {
  async function embedded() {
    const keyFrame = createFakeKeyFrame()
    const rpc = vi.fn((method: string, _params: unknown): unknown => {
      if (method === 'wallet_getCallsStatus')
        return {
          version: '2.0.0',
          id: BUNDLE_ID,
          chainId: '0x7a69',
          status: 200,
          atomic: true,
          receipts: [{ transactionHash: HASH }],
        }
      return { method }
    })
    keyFrame.handlers['frame.rpcRequest'] = ({ method, params }) => rpc(method, params)
    const harness = await reconnectEmbedded(keyFrame)
    closers.push(harness.close, keyFrame.close)
    const request = (method: string, params: unknown[]) =>
      harness.host.request('rpc.request', { method, params })
    return { harness, rpc, request }
  }

  it('sends the ERC-7715 methods to the key frame, which answers or refuses them', async () => {
    const { rpc, request } = await embedded()
    for (const [method, params] of CALLS.filter(([name]) => name.includes('ExecutionPermission'))) {
      await expect(request(method, params)).resolves.toEqual({ method })
      expect(rpc).toHaveBeenLastCalledWith(method, params)
    }
  })

  it('shows wallet_showCallsStatus in the modal, from wallet_getCallsStatus asked of the key frame', async () => {
    const { harness, rpc, request } = await embedded()
    await expect(request('wallet_showCallsStatus', [BUNDLE_ID])).resolves.toBeNull()
    const state = () => harness.session.store.get()
    expect(state()).toMatchObject({ open: true, view: 'CallsStatus' })
    await vi.waitFor(() =>
      expect(state().callsStatus).toEqual({
        id: BUNDLE_ID,
        state: 'confirmed',
        code: 200,
        chainId: 31_337,
        transactions: [HASH],
      }),
    )
    expect(rpc).toHaveBeenCalledWith('wallet_getCallsStatus', [BUNDLE_ID])
    expect(rpc).not.toHaveBeenCalledWith('wallet_showCallsStatus', expect.anything())
  })

  it('refuses wallet_showCallsStatus without a bundle id', async () => {
    const { harness, request } = await embedded()
    for (const params of [[], [''], [42]])
      await expect(request('wallet_showCallsStatus', params)).rejects.toMatchObject({
        code: RPC_INVALID_PARAMS.code,
      })
    expect(harness.session.store.get().view).not.toBe('CallsStatus')
  })
})
