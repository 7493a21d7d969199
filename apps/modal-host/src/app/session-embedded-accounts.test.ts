/**
 * The embedded user's two accounts in the session (spec §3 allAccounts, preferredAccountTypes,
 * smartAccountDeployed; §4 "Account type"; §9 default account types), over real channels: the test
 * plays the host page and the key frame.
 */
import { ALERTS, FRAME_ERRORS, type FrameParams, STORAGE_KEYS, WalletFrameError } from '@walletframe/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMBEDDED_CONNECTOR_ID } from '../features/embedded/auth-connector.ts'
import {
  createFakeKeyFrame,
  EMBEDDED_ADDRESS,
  type FakeKeyFrame,
  SMART_ACCOUNT_ADDRESS,
  withSmartAccount,
} from '../features/embedded/test-key-frame.ts'
import { reconnectEmbedded, startSession, testNetwork } from './test-support.ts'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const PREFERENCES = STORAGE_KEYS.preferredAccountTypes

const NETWORKS = [testNetwork(31_337, 'http://127.0.0.1:9/'), testNetwork(31_338, 'http://127.0.0.1:9/')]

/** A user signed in before a reload: the modal reconnects the embedded wallet on its own. */
async function reconnected(keyFrame: FakeKeyFrame, storage: Record<string, string> = {}) {
  const harness = await reconnectEmbedded(keyFrame, { networks: NETWORKS, storage })
  cleanups.push(harness.close, keyFrame.close)
  return harness
}

const userRequests = (keyFrame: FakeKeyFrame) =>
  keyFrame.calls
    .filter((call) => call.method === 'frame.getUser')
    .map((call) => call.params as FrameParams<'frame.getUser'>)

describe('account type on connect (spec §9 defaults, §4 preference)', () => {
  it('a smart-account-enabled network connects the smart account, listing both accounts', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    const harness = await reconnected(keyFrame)
    const state = harness.session.store.get()
    expect(state.account).toMatchObject({ address: SMART_ACCOUNT_ADDRESS, type: 'smartAccount' })
    expect(state.embedded.accounts?.map((account) => account.type)).toEqual(['eoa', 'smartAccount'])
    expect(state.embedded.smartAccountDeployed).toBe(false)
    expect(userRequests(keyFrame)).toEqual([{ chainId: 31_337, preferredAccountType: 'smartAccount' }])
    expect(harness.events('account.changed').at(-1)?.address).toBe(SMART_ACCOUNT_ADDRESS)
  })

  it('a network without smart accounts connects the EOA, without asking for the smart account', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame(), [1])
    const harness = await reconnected(keyFrame)
    expect(harness.session.store.get().account).toMatchObject({ address: EMBEDDED_ADDRESS, type: 'eoa' })
    expect(userRequests(keyFrame)).toEqual([{ chainId: 31_337, preferredAccountType: 'eoa' }])
  })

  it('a key frame refusing the preferred smart account gives the EOA, with no error for the user', async () => {
    const keyFrame = createFakeKeyFrame()
    const eoaUser = keyFrame.handlers['frame.getUser']!
    keyFrame.handlers['frame.getUser'] = (params, context) => {
      if (params.preferredAccountType === 'smartAccount')
        throw new WalletFrameError(FRAME_ERRORS.featureNotEnabled)
      return eoaUser(params, context)
    }
    const harness = await reconnected(keyFrame, { [PREFERENCES]: '{"eip155":"smartAccount"}' })
    const state = harness.session.store.get()
    expect(state.account).toMatchObject({ address: EMBEDDED_ADDRESS, type: 'eoa' })
    expect(state.alertBar).toBeUndefined()
    expect(userRequests(keyFrame).map((params) => params.preferredAccountType)).toEqual([
      'smartAccount',
      'eoa',
    ])
    // The user's choice stays, for the networks that have a smart account.
    expect(harness.hostStorage.get(PREFERENCES)).toBe('{"eip155":"smartAccount"}')
  })

  it('the stored preference wins over the default', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    const harness = await reconnected(keyFrame, { [PREFERENCES]: '{"eip155":"eoa","solana":"eoa"}' })
    expect(harness.session.store.get().account).toMatchObject({ address: EMBEDDED_ADDRESS, type: 'eoa' })
  })

  it('an expired session is not mistaken for a missing smart account (spec §8 Session Expired)', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    keyFrame.handlers['frame.getUser'] = () => {
      throw new WalletFrameError(FRAME_ERRORS.notSignedIn)
    }
    keyFrame.signedIn = true
    const harness = startSession({
      networks: [testNetwork(31_337, 'http://127.0.0.1:9/')],
      wallets: [],
      storage: {
        [STORAGE_KEYS.connectionStatus]: 'connected',
        [STORAGE_KEYS.connectorId]: EMBEDDED_CONNECTOR_ID,
      },
      session: { embedded: { keyFrameOrigin: 'http://localhost:5177', connect: keyFrame.connect } },
    })
    cleanups.push(harness.close, keyFrame.close)
    await vi.waitFor(() => expect(harness.session.store.get().alertBar).toEqual(ALERTS.authInitFailed))
    expect(userRequests(keyFrame)).toHaveLength(1)
  })
})

describe('switching account type (spec §4 "Account type")', () => {
  it('waits for a read of the user already on its way, so that its answer cannot undo the switch', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    const user = keyFrame.handlers['frame.getUser']!
    let release: () => void = () => undefined
    const harness = await reconnected(keyFrame)
    // The next read (the Account view shown while undeployed) is held, as a slow key server would.
    keyFrame.handlers['frame.getUser'] = async (params, context) => {
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return user(params, context)
    }
    harness.session.open()
    await vi.waitFor(() => expect(userRequests(keyFrame).at(-1)?.preferredAccountType).toBe('smartAccount'))
    const switching = harness.session.switchAccountType('eoa')
    // Asserting that something is NOT sent needs a moment to pass: without the queue the switch
    // reaches the fake key frame within one message round trip.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(keyFrame.calls.some((call) => call.method === 'frame.setPreferredAccount')).toBe(false)
    release()
    await switching
    expect(harness.session.store.get().account).toMatchObject({ address: EMBEDDED_ADDRESS, type: 'eoa' })
  })

  it('moves the key frame, the account, the host page and the stored preference to the other account', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    const harness = await reconnected(keyFrame)
    await harness.session.switchAccountType('eoa')
    expect(harness.session.store.get().account).toMatchObject({ address: EMBEDDED_ADDRESS, type: 'eoa' })
    await vi.waitFor(() => expect(harness.hostStorage.get(PREFERENCES)).toBe('{"eip155":"eoa"}'))
    await vi.waitFor(() =>
      expect(harness.providerEvents('accountsChanged').at(-1)).toEqual([EMBEDDED_ADDRESS]),
    )
    expect(harness.events('account.changed').at(-1)?.address).toBe(EMBEDDED_ADDRESS)

    await harness.session.switchAccountType('smartAccount')
    expect(harness.session.store.get().account.address).toBe(SMART_ACCOUNT_ADDRESS)
    await vi.waitFor(() => expect(harness.hostStorage.get(PREFERENCES)).toBe('{"eip155":"smartAccount"}'))
    const switches = keyFrame.calls.filter((call) => call.method === 'frame.setPreferredAccount')
    expect(switches.map((call) => call.params)).toEqual([{ type: 'eoa' }, { type: 'smartAccount' }])
  })

  it('a refused switch keeps the account and the preference, and says why', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    const harness = await reconnected(keyFrame)
    keyFrame.handlers['frame.setPreferredAccount'] = () => {
      throw new WalletFrameError(FRAME_ERRORS.featureNotEnabled)
    }
    await harness.session.switchAccountType('eoa')
    const state = harness.session.store.get()
    expect(state.account.address).toBe(SMART_ACCOUNT_ADDRESS)
    expect(state.embedded.accountSwitch).toEqual({
      busy: false,
      error: FRAME_ERRORS.featureNotEnabled.message,
    })
    expect(harness.hostStorage.has(PREFERENCES)).toBe(false)
  })
})

describe('reading the user again (spec §3 smartAccountDeployed, §9 per network)', () => {
  it('on another network: the smart account where it has one, else the EOA', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame(), [31_337])
    keyFrame.handlers['frame.switchNetwork'] = () => null
    const harness = await reconnected(keyFrame)
    await harness.session.switchNetwork(NETWORKS[1]!)
    await vi.waitFor(() =>
      expect(harness.session.store.get().account).toMatchObject({
        chainId: 31_338,
        address: EMBEDDED_ADDRESS,
        type: 'eoa',
      }),
    )
    expect(userRequests(keyFrame).at(-1)).toEqual({ chainId: 31_338, preferredAccountType: 'eoa' })
    await harness.session.switchNetwork(NETWORKS[0]!)
    await vi.waitFor(() =>
      expect(harness.session.store.get().account).toMatchObject({
        address: SMART_ACCOUNT_ADDRESS,
        type: 'smartAccount',
      }),
    )
  })

  it("after the smart account's first transaction, which deploys it", async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    let deployed = false
    const user = keyFrame.handlers['frame.getUser']!
    keyFrame.handlers['frame.getUser'] = async (params, context) => ({
      ...(await user(params, context)),
      smartAccountDeployed: deployed,
    })
    keyFrame.handlers['frame.rpcRequest'] = () => {
      deployed = true
      return `0x${'ab'.repeat(32)}`
    }
    const harness = await reconnected(keyFrame)
    expect(harness.session.store.get().embedded.smartAccountDeployed).toBe(false)
    const tx = { from: SMART_ACCOUNT_ADDRESS, to: EMBEDDED_ADDRESS, value: '0x1' }
    await harness.host.request('rpc.request', { method: 'eth_sendTransaction', params: [tx] })
    await vi.waitFor(() => expect(harness.session.store.get().embedded.smartAccountDeployed).toBe(true))
  })

  it('when the Account view is shown while the smart account is not deployed yet', async () => {
    const keyFrame = withSmartAccount(createFakeKeyFrame())
    let deployed = false
    const user = keyFrame.handlers['frame.getUser']!
    keyFrame.handlers['frame.getUser'] = async (params, context) => ({
      ...(await user(params, context)),
      smartAccountDeployed: deployed,
    })
    const harness = await reconnected(keyFrame)
    const reads = userRequests(keyFrame).length
    // A batch deployed it after the wallet answered (wallet_sendCalls answers before inclusion).
    deployed = true
    harness.session.open()
    await vi.waitFor(() => expect(harness.session.store.get().embedded.smartAccountDeployed).toBe(true))
    expect(userRequests(keyFrame)).toHaveLength(reads + 1)
    // Deployed now: showing the view again asks nothing.
    harness.session.close()
    harness.session.open()
    expect(userRequests(keyFrame)).toHaveLength(reads + 1)
  })
})
