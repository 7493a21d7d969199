import { API_ERRORS, GasPriceResponseSchema } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { clientQuery as query, TEST_BACKENDS, useTestApi } from '../test-support/api.ts'

describe.each(TEST_BACKENDS)('GET /v1/convert/gas-price on $name', (backend) => {
  const suite = useTestApi(backend)

  it("answers the chain's gas price per speed, as read from the chain", async () => {
    const { status, body } = await suite.json(`/v1/convert/gas-price?${query({ chainId: 'eip155:31337' })}`)
    expect(status).toBe(200)
    const price = GasPriceResponseSchema.parse(body)
    const client = suite.api.context.chains.get(31337)!.client
    const block = await client.getBlock()
    // Every speed pays at least the base fee, and a faster one never less than a slower one.
    expect(BigInt(price.standard)).toBeGreaterThanOrEqual(block.baseFeePerGas ?? 1n)
    expect(BigInt(price.fast)).toBeGreaterThanOrEqual(BigInt(price.standard))
    expect(BigInt(price.instant)).toBeGreaterThanOrEqual(BigInt(price.fast))
  })

  it("answers 'Network not supported for Gas Price' for a chain outside the configuration", async () => {
    const error = await suite.expectClientError(
      `/v1/convert/gas-price?${query({ chainId: 'eip155:1' })}`,
      undefined,
      API_ERRORS.gasPriceUnsupportedChain.code,
    )
    expect(error.message).toBe('Network not supported for Gas Price')
  })

  it("answers spec §8 'Invalid chainId' for a chain id beyond the safe integers", async () => {
    const error = await suite.expectClientError(
      `/v1/convert/gas-price?${query({ chainId: 'eip155:99999999999999999999' })}`,
      undefined,
      API_ERRORS.invalidInput.code,
    )
    expect(error.message).toContain('Invalid chainId')
  })

  it.each([
    ['no chainId', `/v1/convert/gas-price?${query()}`],
    ['chainId not CAIP-2', `/v1/convert/gas-price?${query({ chainId: '31337' })}`],
    ['another namespace', `/v1/convert/gas-price?${query({ chainId: 'solana:5eykt4' })}`],
    ['chainId out of range', `/v1/convert/gas-price?${query({ chainId: 'eip155:99999999999999999999' })}`],
    ['chainId repeated', `/v1/convert/gas-price?${query({ chainId: 'eip155:31337' })}&chainId=eip155:31338`],
    ['no project', '/v1/convert/gas-price?chainId=eip155:31337'],
  ])('malformed: %s → 4xx { code, message }', async (_what, path) => {
    const error = await suite.expectClientError(path)
    expect(error.message).not.toMatch(/select|stack|at \/|http:/i)
  })
})
