import { devnetAccounts } from '@walletframe/devnet'
import { IdentityResponseSchema } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { freshAddress, clientQuery as query, TEST_BACKENDS, useTestApi } from '../test-support/api.ts'

const accounts = devnetAccounts()

describe.each(TEST_BACKENDS)('GET /v1/identity/:address on $name', (backend) => {
  // Names come from the database only: no chain is needed.
  const suite = useTestApi(backend, { devnet: false })

  it('returns the name and avatar registered for an address', async () => {
    const address = freshAddress()
    const name = `alice-${address.slice(2, 8).toLowerCase()}.wf`
    await suite.api.context.db.query('INSERT INTO names (name, address, avatar) VALUES ($1, $2, $3)', [
      name,
      address.toLowerCase(),
      'https://example.com/alice.png',
    ])
    const { status, body } = await suite.json(
      `/v1/identity/${address}?${query({ sender: accounts[0]!.address })}`,
    )
    expect(status).toBe(200)
    expect(IdentityResponseSchema.parse(body)).toEqual({ name, avatar: 'https://example.com/alice.png' })
  })

  it('answers an address without a name with nulls', async () => {
    const { status, body } = await suite.json(`/v1/identity/${freshAddress()}?${query()}`)
    expect(status).toBe(200)
    expect(body).toEqual({ name: null, avatar: null })
  })

  it.each([
    ['bad address', `/v1/identity/0xZZ?${query()}`],
    ['bad sender', `/v1/identity/${accounts[0]!.address}?${query({ sender: '12' })}`],
  ])('malformed: %s → 4xx { code, message }', async (_what, path) => {
    const error = await suite.expectClientError(path)
    expect(error.message).not.toMatch(/select|insert|stack|at \//i)
  })
})
