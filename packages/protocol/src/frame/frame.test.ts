/**
 * The key-frame table (spec §7 "Embedded frame messages"): every row is a request whose answer is
 * its success or error event, both ends validate, and the messenger serves this table as it
 * serves SDK ↔ modal's.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createMessenger } from '../channel/messenger.ts'
import { EMBEDDED_WALLET_CHAIN_IDS } from '../constants.ts'
import { ALL_REASONS } from '../errors/all-entries.ts'
import { FRAME_ERRORS } from '../errors/frame-errors.ts'
import { WalletFrameError } from '../errors/walletframe-error.ts'
import {
  APPROVAL_RPC_METHODS,
  FRAME_METHOD_META,
  FRAME_METHOD_NAMES,
  keyFrameUrl,
  readKeyFrameQuery,
} from './frame-meta.ts'
import { FRAME_METHOD_SCHEMAS, type FrameChannel, FrameSolanaNetworkSchema } from './frame-methods.ts'
import { createFrameValidator } from './frame-validator.ts'

/** Spec §7's 22 app events, as our method names. */
const SPEC_ROWS = [
  'frame.switchNetwork',
  'frame.connectEmail',
  'frame.connectDevice',
  'frame.connectOtp',
  'frame.connectSocial',
  'frame.getFarcasterUri',
  'frame.connectFarcaster',
  'frame.getUser',
  'frame.getSocialRedirectUri',
  'frame.signOut',
  'frame.isConnected',
  'frame.getChainId',
  'frame.getSmartAccountEnabledNetworks',
  'frame.initSmartAccount',
  'frame.setPreferredAccount',
  'frame.rpcRequest',
  'frame.updateEmail',
  'frame.updateEmailPrimaryOtp',
  'frame.updateEmailSecondaryOtp',
  'frame.syncTheme',
  'frame.syncDappData',
  'frame.reload',
]

const ports: MessagePort[] = []
afterEach(() => {
  for (const port of ports.splice(0)) port.close()
})

function pair() {
  const { port1, port2 } = new MessageChannel()
  ports.push(port1, port2)
  const table = FRAME_METHOD_META
  const modal = createMessenger<'parent', FrameChannel>({
    port: port1,
    side: 'parent',
    validator: createFrameValidator(),
    table,
  })
  const keyFrame = createMessenger<'child', FrameChannel>({
    port: port2,
    side: 'child',
    validator: createFrameValidator(),
    table,
  })
  return { modal, keyFrame }
}

describe('the key-frame table', () => {
  it('has a request for every row of spec §7, plus wallet setup and a cut-off login window, each with a result shape', () => {
    expect(SPEC_ROWS).toHaveLength(22)
    expect(new Set(FRAME_METHOD_NAMES)).toEqual(
      new Set([...SPEC_ROWS, 'frame.setupWallet', 'frame.awaitSocialAnswer']),
    )
    for (const method of FRAME_METHOD_NAMES) {
      expect(FRAME_METHOD_META[method]).toMatchObject({ direction: 'toChild', kind: 'request' })
      expect(FRAME_METHOD_SCHEMAS[method].result, method).toBeDefined()
    }
  })

  it('gives email, device, otp, social and redirect steps the 30 s deadline of spec §9', () => {
    for (const method of [
      'frame.connectEmail',
      'frame.connectDevice',
      'frame.connectOtp',
      'frame.connectSocial',
      'frame.getSocialRedirectUri',
    ] as const) {
      expect(FRAME_METHOD_META[method].timeoutMs, method).toBe(30_000)
    }
  })

  it('has its errors in the one catalogue', () => {
    for (const entry of Object.values(FRAME_ERRORS)) expect(ALL_REASONS).toContain(entry.reason)
    expect(FRAME_ERRORS.default.message).toBe('An error occurred')
  })

  it('offers the spec §9 networks and the devnet', () => {
    for (const id of [1, 10, 42161, 137, 8453, 31337]) expect(EMBEDDED_WALLET_CHAIN_IDS).toContain(id)
  })
})

describe('the key frame URL (spec §2)', () => {
  it('carries project id, chain id, version and logger flag, and reads back the same', () => {
    const url = keyFrameUrl('http://localhost:5177', {
      projectId: 'walletframe-dev',
      chainId: 31337,
      version: '0.1.0',
      logger: true,
    })
    expect(url).toBe(
      'http://localhost:5177/frame?projectId=walletframe-dev&chainId=31337&version=0.1.0&logger=1',
    )
    expect(readKeyFrameQuery(new URL(url).search)).toEqual({
      projectId: 'walletframe-dev',
      chainId: 31337,
      version: '0.1.0',
      logger: true,
    })
  })

  it.each([
    ['no project', '?chainId=1&version=1'],
    ['no chain', '?projectId=p&version=1'],
    ['a bad chain', '?projectId=p&chainId=-4&version=1'],
    ['a bad version', '?projectId=p&chainId=1&version=<x>'],
  ])('refuses a query with %s', (_, search) => {
    expect(readKeyFrameQuery(search)).toBeUndefined()
  })
})

describe('the key-frame channel', () => {
  it('answers a request with its success payload', async () => {
    const { modal, keyFrame } = pair()
    keyFrame.handle('frame.connectEmail', ({ email }) => ({
      action: email.endsWith('@new.example') ? ('VERIFY_OTP' as const) : ('VERIFY_DEVICE' as const),
    }))
    await expect(modal.request('frame.connectEmail', { email: 'ada@new.example' })).resolves.toEqual({
      action: 'VERIFY_OTP',
    })
  })

  it('answers a failure with code, reason and message only, never a stack', async () => {
    const { modal, keyFrame } = pair()
    keyFrame.handle('frame.connectOtp', () => {
      throw new WalletFrameError(FRAME_ERRORS.default)
    })
    const error = (await modal
      .request('frame.connectOtp', { otp: '123456' })
      .catch((e) => e)) as WalletFrameError
    expect(error).toMatchObject({
      code: -32603,
      reason: 'EmbeddedFrameError',
      shortMessage: 'An error occurred',
    })
  })

  it('refuses malformed params before the key frame sees them', async () => {
    const { modal, keyFrame } = pair()
    let called = false
    keyFrame.handle('frame.connectEmail', () => {
      called = true
      return { action: 'VERIFY_OTP' as const }
    })
    await expect(modal.request('frame.connectEmail', { email: 'not-an-email' })).rejects.toMatchObject({
      code: -32602,
    })
    await expect(modal.request('frame.connectOtp', { otp: '12345' })).rejects.toMatchObject({ code: -32602 })
    expect(called).toBe(false)
  })

  it('does not serve the SDK ↔ modal methods on this table', async () => {
    const { modal } = pair()
    // @ts-expect-error not a method of the key-frame table
    await expect(modal.request('wallet.connect', {})).rejects.toMatchObject({ code: -32601 })
  })

  it('rejects a result that does not have its shape', async () => {
    const { modal, keyFrame } = pair()
    keyFrame.handle('frame.setupWallet', () => ({ address: 'nope' }))
    await expect(modal.request('frame.setupWallet', {})).rejects.toMatchObject({ reason: 'InvalidResult' })
  })
})

describe('the Solana account on the key-frame channel (issue 15)', () => {
  const evm = '0x5eD8Cee6b63b1c6AFce3AD7c92f4fD7E1B8fAd9F'
  const solana = 'GDDMwNyyx8uB6zrqwBFHjLLG3TBYk2F8Az4yrQC5RzMp'
  const user = (accounts: unknown[]) => ({
    address: evm,
    chainId: 1,
    accounts,
    smartAccountDeployed: false,
    preferredAccountType: 'eoa' as const,
  })

  it('getUser answers the Solana account beside the EVM ones, and refuses mixed-up shapes', () => {
    const result = FRAME_METHOD_SCHEMAS['frame.getUser'].result
    expect(
      result.safeParse(
        user([
          { address: evm, type: 'eoa' },
          { address: solana, type: 'eoa', namespace: 'solana' },
        ]),
      ).success,
    ).toBe(true)
    expect(result.safeParse(user([{ address: evm, type: 'eoa', namespace: 'solana' }])).success).toBe(false)
    expect(result.safeParse(user([{ address: solana, type: 'eoa' }])).success).toBe(false)
    expect(
      result.safeParse(user([{ address: solana, type: 'smartAccount', namespace: 'solana' }])).success,
    ).toBe(false)
  })

  it('takes Solana networks in the hello and a Solana network per rpcRequest', () => {
    const network = {
      caipNetworkId: 'solana:6jX4iSBKoRoc7Aah7yMRGJjFERgBUtHJ',
      name: 'Solana Localnet',
      rpcUrl: 'http://127.0.0.1:8899',
    }
    const rpc = FRAME_METHOD_SCHEMAS['frame.rpcRequest'].params
    expect(
      rpc.safeParse({ method: 'solana_signMessage', caipNetworkId: network.caipNetworkId }).success,
    ).toBe(true)
    expect(rpc.safeParse({ method: 'solana_signMessage', caipNetworkId: 'eip155:1' }).success).toBe(false)
    expect(FrameSolanaNetworkSchema.safeParse(network).success).toBe(true)
    expect(FrameSolanaNetworkSchema.safeParse({ ...network, rpcUrl: 'file:///x' }).success).toBe(false)
    expect(FrameSolanaNetworkSchema.safeParse({ ...network, caipNetworkId: 'solana:mainnet' }).success).toBe(
      false,
    )
  })

  it('sends every Solana signing method through the approval', () => {
    for (const method of [
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAllTransactions',
      'solana_signAndSendTransaction',
    ])
      expect(APPROVAL_RPC_METHODS).toContain(method)
    expect(FRAME_ERRORS.solanaSendFailed.message).toBe('Failed to send transaction. Please try again.')
  })
})
