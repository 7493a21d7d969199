/**
 * Sign-in messages across implementations (issue 12: "the npm siwe package parses and verifies the
 * messages the modal creates"): what `formatSiwxMessage` writes is what viem writes, `siwe` (Spruce's
 * reference package) reads and verifies it, and what `siwe` writes our server-side checks read.
 */
import { formatSiwxMessage, type SiwxMessageInput } from '@walletframe/protocol'
import { parseSiwxMessage } from '@walletframe/siwx-server'
import { SiweMessage } from 'siwe'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'

const account = privateKeyToAccount(generatePrivateKey())
const minimal: SiwxMessageInput = {
  domain: '127.0.0.1:5173',
  // Lower case on purpose: EIP-4361 wants the checksummed form, which the formatter writes.
  address: account.address.toLowerCase() as `0x${string}`,
  uri: 'http://127.0.0.1:5173',
  chainId: 31337,
  nonce: 'f3a9c2d17b6e4a58',
  issuedAt: new Date('2026-11-27T10:00:00.000Z'),
}
const full: SiwxMessageInput = {
  ...minimal,
  statement: 'Sign in to the demo dapp',
  expirationTime: new Date('2026-11-28T10:00:00.000Z'),
  notBefore: new Date('2026-11-27T09:59:00.000Z'),
  requestId: 'wf-7f3e',
  resources: [
    'https://127.0.0.1:5173/terms',
    'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  ],
}

describe.each([
  ['only the required fields', minimal],
  ['every field of spec §3', full],
])('a sign-in message with %s', (_what, input) => {
  const text = formatSiwxMessage(input)

  it('is the text viem writes for the same fields', () => {
    const resources = input.resources && [...input.resources]
    expect(text).toBe(createSiweMessage({ ...input, resources, address: account.address, version: '1' }))
  })

  it('is read by the siwe package field for field, and its signature verifies there', async () => {
    const parsed = new SiweMessage(text)
    expect(parsed).toMatchObject({
      domain: input.domain,
      address: account.address,
      uri: input.uri,
      version: '1',
      chainId: input.chainId,
      nonce: input.nonce,
      issuedAt: input.issuedAt.toISOString(),
      ...(input.statement ? { statement: input.statement, requestId: input.requestId } : {}),
    })
    const signature = await account.signMessage({ message: text })
    const result = await parsed.verify(
      { signature, domain: input.domain, nonce: input.nonce, time: '2026-11-27T10:00:01.000Z' },
      { suppressExceptions: true },
    )
    expect(result.success, JSON.stringify(result.error)).toBe(true)
  })
})

it('a message the siwe package writes is read by @walletframe/siwx-server', () => {
  const text = new SiweMessage({
    domain: 'shop.example',
    address: account.address,
    statement: 'Sign in',
    uri: 'https://shop.example',
    version: '1',
    chainId: 1,
    nonce: 'a1b2c3d4e5f6a7b8',
    issuedAt: '2026-11-27T10:00:00.000Z',
    expirationTime: '2026-11-27T11:00:00.000Z',
  }).prepareMessage()
  expect(parseSiwxMessage(text)).toMatchObject({
    address: account.address,
    chainId: 1,
    domain: 'shop.example',
    uri: 'https://shop.example',
    statement: 'Sign in',
    expirationTime: new Date('2026-11-27T11:00:00.000Z'),
  })
})

it('refuses a statement of more than one line (EIP-4361 grammar)', () => {
  expect(() => formatSiwxMessage({ ...minimal, statement: 'two\nlines' })).toThrow(/single line/)
})
