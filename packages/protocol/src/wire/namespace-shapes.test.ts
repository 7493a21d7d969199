import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ADAPTER_METHODS } from '../methods-meta.ts'
import { createCheckValidator } from './check-runtime.ts'
import { HOST_CHECKS } from './host-checks.generated.ts'
import { namespaceShapeNames, renderNamespaceChecksModule } from './host-shapes-source.ts'
import { NAMESPACE_CHECKS } from './namespace-checks.generated.ts'
import { createZodValidator } from './zod-validator.ts'

const SOL = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'
const TAPROOT = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'
const SEGWIT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const connected = {
  namespace: 'solana',
  status: 'connected',
  address: SOL,
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  connectorId: 'wallet-standard:Phantom',
}
const bitcoin = {
  namespace: 'bip122',
  status: 'connected',
  address: SEGWIT,
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  addresses: [
    { address: SEGWIT, purpose: 'payment', publicKey: `02${'ab'.repeat(32)}` },
    { address: TAPROOT, purpose: 'ordinals' },
  ],
}
const account = {
  valid: {
    'solana connected': connected,
    'bitcoin with its addresses': bitcoin,
    disconnected: { namespace: 'solana', status: 'disconnected' },
    connecting: { namespace: 'bip122', status: 'connecting', connectorId: 'wallet-standard:Xverse' },
  },
  invalid: {
    null: null,
    eip155: { ...connected, namespace: 'eip155' },
    'unknown status': { ...connected, status: 'pending' },
    'an address with a space': { ...connected, address: `${SOL} ` },
    'an address of 24 characters': { ...connected, address: SOL.slice(0, 24) },
    'an unknown purpose': { ...bitcoin, addresses: [{ address: TAPROOT, purpose: 'savings' }] },
    'nine addresses': { ...bitcoin, addresses: Array(9).fill(bitcoin.addresses[1]) },
    'missing namespace': { status: 'disconnected' },
  },
}
const CORPUS: Record<string, { valid: Record<string, unknown>; invalid: Record<string, unknown> }> = {
  'result:namespace.connect': account,
  'params:namespace.account': account,
  'result:namespace.disconnect': {
    valid: { null: null },
    invalid: { undefined: undefined, 'empty object': {}, false: false, zero: 0 },
  },
}

const zod = createZodValidator()
const compiled = createCheckValidator(NAMESPACE_CHECKS)

describe('the adapters’ checks (NAMESPACE_CHECKS)', () => {
  it('cover what the host receives of the adapter methods, and the core’s checks none of it', () => {
    expect(Object.keys(CORPUS).sort()).toEqual(namespaceShapeNames().sort())
    expect(Object.keys(NAMESPACE_CHECKS).sort()).toEqual(namespaceShapeNames().sort())
    for (const method of ADAPTER_METHODS) {
      expect(Object.keys(HOST_CHECKS).some((shape) => shape.endsWith(`:${method}`))).toBe(false)
    }
  })

  it.each(Object.keys(CORPUS))('agree with zod and the corpus on %s', (shape) => {
    const disagreements: string[] = []
    for (const [expected, samples] of [
      [true, CORPUS[shape]!.valid],
      [false, CORPUS[shape]!.invalid],
    ] as const) {
      for (const [label, value] of Object.entries(samples)) {
        const byZod = zod.check(shape as never, value)
        const byCheck = compiled.check(shape as never, value)
        if (byZod !== expected || byCheck !== expected)
          disagreements.push(`${label}: expected ${expected}, zod ${byZod}, generated check ${byCheck}`)
      }
    }
    expect(disagreements).toEqual([])
  })

  it('namespace-checks.generated.ts is up to date (run `npm run generate -w @walletframe/protocol`)', () => {
    const onDisk = readFileSync(new URL('./namespace-checks.generated.ts', import.meta.url), 'utf8')
    expect(onDisk).toBe(renderNamespaceChecksModule())
  })
})
