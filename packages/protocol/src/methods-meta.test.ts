import { describe, expect, it } from 'vitest'
import { TIME } from './constants.ts'
import { METHOD_SCHEMAS } from './methods.ts'
import {
  ACCOUNT_RPC_METHODS,
  isAllowedRpcMethod,
  isMethodName,
  METHOD_META,
  METHOD_NAMES,
  type MethodMeta,
  NESTED_REQUESTS,
  SAFE_RPC_METHODS,
  TRANSACTION_RPC_METHODS,
  WALLET_RPC_METHODS,
} from './methods-meta.ts'

describe('METHOD_META and METHOD_SCHEMAS', () => {
  it('list exactly the same method names', () => {
    expect(Object.keys(METHOD_SCHEMAS).sort()).toEqual(Object.keys(METHOD_META).sort())
    expect([...METHOD_NAMES].sort()).toEqual(Object.keys(METHOD_META).sort())
  })

  it('give every request a result shape and no event one', () => {
    for (const method of METHOD_NAMES) {
      const hasResult = 'result' in METHOD_SCHEMAS[method]
      expect({ method, hasResult }).toEqual({ method, hasResult: METHOD_META[method].kind === 'request' })
    }
  })

  it('give every request a finite positive deadline that setTimeout can hold', () => {
    for (const method of METHOD_NAMES) {
      const meta: { kind: string; timeoutMs?: number } = METHOD_META[method]
      if (meta.kind !== 'request') continue
      expect(meta.timeoutMs, method).toBeGreaterThan(0)
      expect(meta.timeoutMs, method).toBeLessThanOrEqual(2 ** 31 - 1)
    }
  })

  it('give no event a deadline', () => {
    for (const method of METHOD_NAMES) {
      const meta: { kind: string; timeoutMs?: number } = METHOD_META[method]
      if (meta.kind === 'event') expect(meta.timeoutMs, method).toBeUndefined()
    }
  })

  it('bound requests that wait on the user by the user-action deadline', () => {
    for (const method of ['wallet.connect', 'rpc.request', 'network.switch'] as const) {
      expect(METHOD_META[method].timeoutMs).toBe(TIME.userActionTimeoutMs)
    }
  })
})

describe('NESTED_REQUESTS', () => {
  it('give every inner request a deadline shorter than its outer one by the nesting margin', () => {
    const meta: Record<string, MethodMeta> = METHOD_META
    for (const { outer, inner } of NESTED_REQUESTS) {
      const [outerMs, innerMs] = [meta[outer]!.timeoutMs!, meta[inner]!.timeoutMs!]
      expect(innerMs + TIME.nestedDeadlineMarginMs, `${inner} in ${outer}`).toBeLessThanOrEqual(outerMs)
    }
  })

  it('nest a modal → host request in a host → modal one', () => {
    for (const { outer, inner } of NESTED_REQUESTS) {
      expect(METHOD_META[outer]).toMatchObject({ direction: 'toChild', kind: 'request' })
      expect(METHOD_META[inner]).toMatchObject({ direction: 'toParent', kind: 'request' })
    }
  })

  it('cover every host → modal request that may reach a page wallet', () => {
    const outers = NESTED_REQUESTS.filter(({ inner }) => inner === 'host.walletRequest').map((n) => n.outer)
    expect(outers.sort()).toEqual(['namespace.connect', 'network.switch', 'rpc.request', 'wallet.connect'])
  })
})

describe('isMethodName', () => {
  it('is true for every method of the table', () => {
    for (const method of METHOD_NAMES) expect(isMethodName(method)).toBe(true)
  })

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', '', 'modal.Open'])(
    'is false for %j',
    (name) => {
      expect(isMethodName(name)).toBe(false)
    },
  )

  it('is false for a value that is not a string', () => {
    expect(isMethodName(1)).toBe(false)
    expect(isMethodName(null)).toBe(false)
  })
})

describe('isAllowedRpcMethod', () => {
  it('allows the read methods, account methods and wallet methods of spec §5', () => {
    const spec = [
      'eth_call',
      'eth_getBalance',
      'eth_getLogs',
      'eth_feeHistory',
      'eth_getProof',
      'eth_getStorageAt',
      'eth_sendRawTransaction',
      'eth_accounts',
      'eth_requestAccounts',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
    ]
    for (const method of spec) expect(isAllowedRpcMethod(method), method).toBe(true)
  })

  it('sends EIP-5792 and ERC-7715 methods to the wallet, as a connected page wallet gets them from the SDK', () => {
    const walletMethods = [
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
      'wallet_showCallsStatus',
      'wallet_requestExecutionPermissions',
      'wallet_revokeExecutionPermission',
      'wallet_getSupportedExecutionPermissions',
      'wallet_getGrantedExecutionPermissions',
    ]
    for (const method of walletMethods) {
      expect(isAllowedRpcMethod(method), method).toBe(true)
      expect(WALLET_RPC_METHODS.includes(method), method).toBe(true)
    }
  })

  it.each([
    'eth_sign',
    'eth_signTransaction',
    'debug_traceTransaction',
    'admin_peers',
    'ETH_CALL',
    '',
    'toString',
    'constructor',
  ])('refuses %j', (method) => {
    expect(isAllowedRpcMethod(method)).toBe(false)
  })

  it('lists as transaction methods only wallet methods', () => {
    for (const method of TRANSACTION_RPC_METHODS) expect(WALLET_RPC_METHODS, method).toContain(method)
  })

  it('keeps the safe, account and wallet lists apart', () => {
    const all = [...SAFE_RPC_METHODS, ...ACCOUNT_RPC_METHODS, ...WALLET_RPC_METHODS]
    expect(new Set(all).size).toBe(all.length)
  })

  it('only lists names that rpc.request params accept', () => {
    for (const method of [...SAFE_RPC_METHODS, ...ACCOUNT_RPC_METHODS, ...WALLET_RPC_METHODS]) {
      expect(METHOD_SCHEMAS['rpc.request'].params.safeParse({ method }).success, method).toBe(true)
    }
  })
})
