/**
 * Names (issue 12 point 3; spec §7 `/v1/profile/*`, §4 "Name registration", §5 "Names", §9 identity
 * cache) on both storage backends and a real devnet: registration by an EOA and by an ERC-1271
 * contract wallet, reverse lookup, suggestions, and every refusal.
 */

import { DevnetSmartWallet, devnetAccounts } from '@walletframe/devnet'
import {
  evmCoinType,
  IdentityResponseSchema,
  ProfileAccountResponseSchema,
  ProfileNameEntrySchema,
  ProfileReverseResponseSchema,
  ProfileSuggestionsResponseSchema,
} from '@walletframe/protocol'
import { createPublicClient, createWalletClient, encodeDeployData, http, type LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { clientQuery, TEST_BACKENDS, useTestApi } from '../test-support/api.ts'

const seconds = () => Math.floor(Date.now() / 1000)
let counter = 0
/** A name no other test registers (labels are lower-case letters and digits). */
const freshLabel = () => `user${Date.now().toString(36)}${(counter++).toString(36)}`

describe.each(TEST_BACKENDS)('names on $name', (backend) => {
  const suite = useTestApi(backend)
  const chainId = () => suite.devnet.devnet.chains[0]!.chainId

  async function register(
    signer: LocalAccount,
    fields: { name: string; timestamp?: number; address?: string; coinType?: number },
  ) {
    const message = JSON.stringify({
      name: fields.name,
      attributes: { bio: 'hi' },
      timestamp: fields.timestamp ?? seconds(),
    })
    return suite.json(`/v1/profile/account?${clientQuery()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coin_type: fields.coinType ?? evmCoinType(chainId()),
        address: fields.address ?? signer.address,
        message,
        signature: await signer.signMessage({ message }),
      }),
    })
  }

  async function expectRefused(response: Promise<{ status: number; body: unknown }>, code: string) {
    const { status, body } = await response
    expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400)
    expect((body as { code: string }).code).toBe(code)
  }

  it('registers a name: reverse, identity (cached before) and the name lookup all return it', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const address = account.address.toLowerCase()
    const before = await suite.json(`/v1/identity/${address}?${clientQuery()}`)
    expect(IdentityResponseSchema.parse(before.body).name).toBeNull()

    const label = freshLabel()
    const { status, body } = await register(account, { name: label.toUpperCase() })
    expect(status).toBe(201)
    expect(ProfileNameEntrySchema.parse(body)).toMatchObject({
      name: `${label}.wf`,
      attributes: { bio: 'hi' },
    })

    const reverse = await suite.json(`/v1/profile/reverse/${address}?${clientQuery({ apiVersion: '2' })}`)
    expect(ProfileReverseResponseSchema.parse(reverse.body).map((entry) => entry.name)).toEqual([
      `${label}.wf`,
    ])
    const identity = await suite.json(`/v1/identity/${address}?${clientQuery()}`)
    expect(IdentityResponseSchema.parse(identity.body).name).toBe(`${label}.wf`)
    const lookup = await suite.json(`/v1/profile/account/${label}.wf?${clientQuery()}`)
    expect(ProfileAccountResponseSchema.parse(lookup.body).addresses['60']?.address).toBe(address)
  })

  it('refuses a name that is taken, whoever asks', async () => {
    const label = freshLabel()
    expect((await register(privateKeyToAccount(generatePrivateKey()), { name: label })).status).toBe(201)
    await expectRefused(
      register(privateKeyToAccount(generatePrivateKey()), { name: `${label}.wf` }),
      'NAME_TAKEN',
    )
  })

  it.each([
    ['three characters', 'abc'],
    ['an underscore', 'bad_name'],
    ['a dot inside', 'two.labels'],
    ['another zone', 'someone.eth'],
  ])('refuses a name with %s (spec §5: letters, digits, hyphens, 4+)', async (_what, name) => {
    await expectRefused(register(privateKeyToAccount(generatePrivateKey()), { name }), 'NAME_INVALID')
  })

  it.each([
    ['a non-EVM coin type', 501],
    ['a chain id of 2^31 or more', 0x80000000 + 2 ** 31 + 5],
  ])("refuses %s with 'Invalid chainId' (spec §5)", async (_what, coinType) => {
    await expectRefused(
      register(privateKeyToAccount(generatePrivateKey()), { name: freshLabel(), coinType }),
      'INVALID_CHAIN_ID',
    )
  })

  it('refuses a message signed more than 10 minutes ago (spec §7)', async () => {
    await expectRefused(
      register(privateKeyToAccount(generatePrivateKey()), { name: freshLabel(), timestamp: seconds() - 601 }),
      'NAME_MESSAGE_STALE',
    )
    expect(
      (
        await register(privateKeyToAccount(generatePrivateKey()), {
          name: freshLabel(),
          timestamp: seconds() - 540,
        })
      ).status,
    ).toBe(201)
  })

  it('refuses a registration for an address that did not sign it', async () => {
    const victim = privateKeyToAccount(generatePrivateKey())
    await expectRefused(
      register(privateKeyToAccount(generatePrivateKey()), { name: freshLabel(), address: victim.address }),
      'NAME_BAD_SIGNATURE',
    )
  })

  it('registers a name for an ERC-1271 contract wallet deployed on the devnet', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const rpc = http(suite.devnet.devnet.chains[0]!.rpcUrl)
    const deployer = createWalletClient({
      account: privateKeyToAccount(devnetAccounts()[9]!.privateKey),
      transport: rpc,
    })
    const hash = await deployer.sendTransaction({
      chain: null,
      data: encodeDeployData({ ...DevnetSmartWallet, args: [owner.address] }),
    })
    const wallet = (await createPublicClient({ transport: rpc }).waitForTransactionReceipt({ hash }))
      .contractAddress!
    const label = freshLabel()
    expect((await register(owner, { name: label, address: wallet })).status).toBe(201)
    const reverse = await suite.json(`/v1/profile/reverse/${wallet}?${clientQuery()}`)
    expect(ProfileReverseResponseSchema.parse(reverse.body)[0]?.name).toBe(`${label}.wf`)
  })

  it('registers with an EOA signature on a chain the API does not serve (checked offline)', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    expect((await register(account, { name: freshLabel(), coinType: evmCoinType(10) })).status).toBe(201)
  })

  it('suggests the asked name with its availability, then free variations', async () => {
    const label = freshLabel()
    const asked = await suite.json(`/v1/profile/suggestions/${label}?${clientQuery({ zone: 'wf' })}`)
    const free = ProfileSuggestionsResponseSchema.parse(asked.body).suggestions
    expect(free[0]).toEqual({ name: `${label}.wf`, registered: false })
    expect(free.length).toBe(5)

    await register(privateKeyToAccount(generatePrivateKey()), { name: label })
    await register(privateKeyToAccount(generatePrivateKey()), { name: `${label}1` })
    const after = ProfileSuggestionsResponseSchema.parse(
      (await suite.json(`/v1/profile/suggestions/${label}.wf?${clientQuery()}`)).body,
    ).suggestions
    expect(after[0]).toEqual({ name: `${label}.wf`, registered: true })
    expect(after.map((s) => s.name)).not.toContain(`${label}1.wf`)
    expect(after.slice(1).every((s) => !s.registered)).toBe(true)
  })

  it('answers suggestions for an invalid name with NAME_INVALID', async () => {
    await suite.expectClientError(`/v1/profile/suggestions/ab?${clientQuery()}`, undefined, 'NAME_INVALID')
  })
})
