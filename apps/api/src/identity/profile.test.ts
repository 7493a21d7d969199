import { EVM_COIN_TYPE, ProfileAccountResponseSchema } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { parseNames } from '../config.ts'
import { freshAddress, clientQuery as query, TEST_BACKENDS, useTestApi } from '../test-support/api.ts'

describe.each(TEST_BACKENDS)('GET /v1/profile/account/:name on $name', (backend) => {
  const suite = useTestApi(backend, { devnet: false })

  it('resolves a name of the names table to its address, whatever the case asked', async () => {
    const address = freshAddress().toLowerCase()
    const name = `bob-${address.slice(2, 8)}.wf`
    await suite.api.context.db.query('INSERT INTO names (name, address) VALUES ($1, $2)', [name, address])
    const { status, body } = await suite.json(
      `/v1/profile/account/${name.toUpperCase()}?${query({ apiVersion: '2' })}`,
    )
    expect(status).toBe(200)
    expect(ProfileAccountResponseSchema.parse(body)).toEqual({
      name,
      addresses: { [EVM_COIN_TYPE]: { address } },
      avatar: null,
    })
  })

  it('answers an unknown name with 404 NOT_FOUND', async () => {
    await suite.expectClientError(`/v1/profile/account/nobody-here.wf?${query()}`, undefined, 'NOT_FOUND')
  })

  it.each([
    ['a space', `/v1/profile/account/bob%20smith?${query()}`],
    ['an empty label', `/v1/profile/account/bob..wf?${query()}`],
    ['a quote', `/v1/profile/account/bob'--?${query()}`],
    ['too long', `/v1/profile/account/${'a'.repeat(256)}?${query()}`],
    ['bad apiVersion', `/v1/profile/account/bob.wf?${query({ apiVersion: 'two' })}`],
  ])('malformed: %s → 4xx { code, message }', async (_what, path) => {
    const error = await suite.expectClientError(path, undefined, 'INVALID_INPUT')
    expect(error.message).not.toMatch(/select|stack|bob/i)
  })
})

describe('WF_API_NAMES', () => {
  it('reads name=address entries, lower-cased', () => {
    const address = freshAddress()
    expect(parseNames(` Bob.wf=${address} `)).toEqual([{ name: 'bob.wf', address: address.toLowerCase() }])
    expect(parseNames(undefined)).toEqual([])
  })

  it.each(['bob.wf', 'bob wf=0x0000000000000000000000000000000000000001', 'bob.wf=0x12'])(
    'refuses %s, naming the entry',
    (raw) => {
      expect(() => parseNames(raw)).toThrow(/WF_API_NAMES/)
    },
  )
})
