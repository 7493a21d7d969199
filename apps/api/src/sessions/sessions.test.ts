/**
 * Wallet sign-in against the real API (PGlite and Postgres) and a real devnet (issue 12 point 2,
 * spec §7 `/v1/sessions/*`, §4 "Wallet sign-in"): EOA, ERC-1271 and ERC-6492 signers, and every
 * refusal the spec and EIP-4361 call for.
 */

import { DevnetSmartWallet, DevnetSmartWalletFactory, devnetAccounts } from '@walletframe/devnet'
import {
  SiwxCreateResponseSchema,
  SiwxNonceResponseSchema,
  SiwxSessionSchema,
  siwxRevokeMessage,
} from '@walletframe/protocol'
import { SiwxVerificationError, verifySiwxSession } from '@walletframe/siwx-server'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  http,
  padHex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { serializeErc6492Signature } from 'viem/utils'
import { describe, expect, it } from 'vitest'
import { createApiApp } from '../app.ts'
import { clientQuery, TEST_BACKENDS, TEST_PROJECT, useTestApi } from '../test-support/api.ts'

const DAPP = 'http://127.0.0.1:5173'
const HOUR = 3_600_000

describe.each(TEST_BACKENDS)('sign-in sessions on $name', (backend) => {
  const suite = useTestApi(backend)
  const chain = () => suite.devnet.devnet.chains[0]!
  const publicClient = () => createPublicClient({ transport: http(chain().rpcUrl) })

  const post = (path: string, body: unknown) =>
    suite.json(`${path}?${clientQuery()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  async function nonce(): Promise<string> {
    const { status, body } = await post('/v1/sessions/nonce', {})
    expect(status).toBe(200)
    return SiwxNonceResponseSchema.parse(body).nonce
  }

  async function message(address: Address, fields: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
    return createSiweMessage({
      address,
      chainId: chain().chainId,
      domain: new URL(DAPP).host,
      uri: DAPP,
      nonce: await nonce(),
      version: '1',
      issuedAt: new Date(),
      expirationTime: new Date(Date.now() + HOUR),
      statement: 'Sign in to the demo dapp',
      ...fields,
    })
  }

  const signIn = (text: string, signature: Hex) => post('/v1/sessions', { message: text, signature })

  async function expectRefused(text: string, signature: Hex, code: string) {
    const { status, body } = await signIn(text, signature)
    expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
    expect((body as { code: string }).code).toBe(code)
  }

  it('signs an EOA in: the session is stored, read back, and checked by @walletframe/siwx-server', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const text = await message(account.address)
    const { status, body } = await signIn(text, await account.signMessage({ message: text }))
    expect(status).toBe(201)
    const { session, pci } = SiwxCreateResponseSchema.parse(body)
    expect(session).toMatchObject({ status: 'active', address: account.address, chainId: chain().chainId })
    expect(pci.length).toBeGreaterThan(20)

    const read = await suite.json(`/v1/sessions/${session.id}?${clientQuery()}`)
    expect(SiwxSessionSchema.parse(read.body)).toEqual(session)

    const verified = await verifySiwxSession({
      apiUrl: suite.api.url,
      projectId: TEST_PROJECT,
      sessionId: session.id,
      origins: [DAPP],
      client: (id) => (id === chain().chainId ? publicClient() : undefined),
    })
    expect(verified.address).toBe(account.address)
    // Another site of the same project cannot pass this session off as its own sign-in.
    await expect(
      verifySiwxSession({
        apiUrl: suite.api.url,
        projectId: TEST_PROJECT,
        sessionId: session.id,
        origins: ['https://other.example'],
        client: () => publicClient(),
      }),
    ).rejects.toMatchObject({ reason: 'wrongDomain' })
  })

  it('refuses a replayed nonce (each nonce signs in once)', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const text = await message(account.address)
    const signature = await account.signMessage({ message: text })
    expect((await signIn(text, signature)).status).toBe(201)
    await expectRefused(text, signature, 'SIWX_NONCE_INVALID')
  })

  it('refuses a nonce it never issued, and keeps a nonce whose signature was refused', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const forged = await message(account.address, { nonce: 'abcdefgh12345678' })
    await expectRefused(forged, await account.signMessage({ message: forged }), 'SIWX_NONCE_INVALID')

    const text = await message(account.address)
    const stranger = privateKeyToAccount(generatePrivateKey())
    await expectRefused(text, await stranger.signMessage({ message: text }), 'SIWX_BAD_SIGNATURE')
    expect((await signIn(text, await account.signMessage({ message: text }))).status).toBe(201)
  })

  it.each([
    [
      'a uri on another origin',
      { uri: 'https://phish.example/login', domain: 'phish.example' },
      'SIWX_WRONG_DOMAIN',
    ],
    ['a domain that is not the uri host', { domain: 'phish.example' }, 'SIWX_WRONG_DOMAIN'],
    [
      'an expired message',
      { issuedAt: new Date(Date.now() - 2 * HOUR), expirationTime: new Date(Date.now() - HOUR) },
      'SIWX_EXPIRED',
    ],
    ['a message valid only later', { notBefore: new Date(Date.now() + HOUR) }, 'SIWX_NOT_YET_VALID'],
    [
      'a message issued in the future',
      { issuedAt: new Date(Date.now() + HOUR), expirationTime: new Date(Date.now() + 2 * HOUR) },
      'SIWX_NOT_YET_VALID',
    ],
    ['a chain the API does not serve', { chainId: 424242 }, 'SIWX_UNSUPPORTED_CHAIN'],
  ] as const)('refuses %s', async (_what, fields, code) => {
    const account = privateKeyToAccount(generatePrivateKey())
    const text = await message(account.address, fields)
    await expectRefused(text, await account.signMessage({ message: text }), code)
  })

  it('refuses a signature of another account than the message names', async () => {
    const [claimed, signer] = [
      privateKeyToAccount(generatePrivateKey()),
      privateKeyToAccount(generatePrivateKey()),
    ]
    const text = await message(claimed.address)
    await expectRefused(text, await signer.signMessage({ message: text }), 'SIWX_BAD_SIGNATURE')
  })

  it('refuses text that is not an EIP-4361 message', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const text = 'please sign in'
    await expectRefused(text, await account.signMessage({ message: text }), 'SIWX_INVALID_MESSAGE')
  })

  describe('contract accounts', () => {
    const deployer = () => {
      const account = privateKeyToAccount(devnetAccounts()[9]!.privateKey)
      return createWalletClient({ account, transport: http(chain().rpcUrl) })
    }
    async function deploy(bytecode: Hex): Promise<Address> {
      const hash = await deployer().sendTransaction({ data: bytecode, chain: null })
      const receipt = await publicClient().waitForTransactionReceipt({ hash })
      return receipt.contractAddress!
    }

    it('signs an ERC-1271 contract wallet in (the chain is asked)', async () => {
      const owner = privateKeyToAccount(generatePrivateKey())
      const wallet = await deploy(encodeDeployData({ ...DevnetSmartWallet, args: [owner.address] }))
      const text = await message(wallet)
      expect((await signIn(text, await owner.signMessage({ message: text }))).status).toBe(201)
      const stranger = privateKeyToAccount(generatePrivateKey())
      const other = await message(wallet)
      await expectRefused(other, await stranger.signMessage({ message: other }), 'SIWX_BAD_SIGNATURE')
    })

    it('signs an undeployed ERC-6492 account in, without deploying it', async () => {
      const factory = await deploy(DevnetSmartWalletFactory.bytecode)
      const owner = privateKeyToAccount(generatePrivateKey())
      const salt = padHex('0x6492', { size: 32 })
      const account = getContractAddress({
        opcode: 'CREATE2',
        from: factory,
        salt,
        bytecode: encodeDeployData({ ...DevnetSmartWallet, args: [owner.address] }),
      })
      const text = await message(account)
      const signature = serializeErc6492Signature({
        address: factory,
        data: encodeFunctionData({
          abi: DevnetSmartWalletFactory.abi,
          functionName: 'deploy',
          args: [owner.address, salt],
        }),
        signature: await owner.signMessage({ message: text }),
      })
      expect((await signIn(text, signature)).status).toBe(201)
      expect(await publicClient().getCode({ address: account })).toBeUndefined()
    })
  })

  describe('revoke', () => {
    async function session() {
      const account = privateKeyToAccount(generatePrivateKey())
      const text = await message(account.address)
      const { body } = await signIn(text, await account.signMessage({ message: text }))
      return { account, ...SiwxCreateResponseSchema.parse(body) }
    }

    it('ends a session with its proof; the dapp backend then refuses it', async () => {
      const { session: created, pci } = await session()
      await expect(
        post(`/v1/sessions/${created.id}/revoke`, { pci: 'not-the-proof' }).then((r) => r.status),
      ).resolves.toBe(403)
      const { status, body } = await post(`/v1/sessions/${created.id}/revoke`, { pci })
      expect(status).toBe(200)
      expect(SiwxSessionSchema.parse(body).status).toBe('revoked')
      const refused = await verifySiwxSession({
        apiUrl: suite.api.url,
        projectId: TEST_PROJECT,
        sessionId: created.id,
        origins: [DAPP],
        client: () => publicClient(),
      }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(SiwxVerificationError)
    })

    it("ends a session with its account's signature of the revoke message", async () => {
      const { session: created, account } = await session()
      const signature = await account.signMessage({ message: siwxRevokeMessage(created.id) })
      const { status, body } = await post(`/v1/sessions/${created.id}/revoke`, { signature })
      expect(status).toBe(200)
      expect(SiwxSessionSchema.parse(body).status).toBe('revoked')
    })

    it('answers an unknown session with 404', async () => {
      await suite.expectClientError(`/v1/sessions/${'0'.repeat(32)}?${clientQuery()}`, undefined, 'NOT_FOUND')
    })
  })

  it("answers 'SIWX is not enabled' for a project without sign-in origins (spec §8)", async () => {
    const { context } = suite.api
    const project = { projectId: 'no-sign-in', allowedOrigins: ['http://127.0.0.2:5174'] }
    const app = createApiApp({ ...context, config: { ...context.config, projects: [project] } })
    const response = await app.request(`/v1/sessions/nonce?${clientQuery({ projectId: 'no-sign-in' })}`, {
      method: 'POST',
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'SIWX_NOT_ENABLED', message: 'SIWX is not enabled' })
  })
})
