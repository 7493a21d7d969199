import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createCheckValidator } from './check-runtime.ts'
import { HOST_CHECKS } from './host-checks.generated.ts'
import { hostShapeNames, renderHostChecksModule } from './host-shapes-source.ts'
import type { ShapeName } from './validator.ts'
import { createZodValidator } from './zod-validator.ts'

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const s = (length: number, char = 'a') => char.repeat(length)

interface Corpus {
  valid: Record<string, unknown>
  invalid: Record<string, unknown>
}

const request = {
  v: 1,
  id: 'host-1-abc-1',
  kind: 'request',
  method: 'modal.open',
  params: { view: 'Connect' },
}
const success = { v: 1, id: 'modal-1-abc-1', kind: 'response', method: 'modal.open', ok: true, result: null }
const failure = {
  v: 1,
  id: 'modal-1-abc-2',
  kind: 'response',
  method: 'wallet.connect',
  ok: false,
  error: { code: 4001, message: 'User rejected the request.' },
}
const event = {
  v: 1,
  id: 'modal-1-abc-3',
  kind: 'event',
  method: 'modal.state',
  params: { open: true, view: 'Connect' },
}
const without = (value: Record<string, unknown>, key: string) => {
  const { [key]: _dropped, ...rest } = value
  return rest
}

/** `null` is the only valid result of the methods that answer "done". */
const okResult: Corpus = {
  valid: { null: null },
  invalid: {
    undefined: undefined,
    'empty object': {},
    zero: 0,
    false: false,
    'empty string': '',
    'the string null': 'null',
    'empty array': [],
  },
}

const connectResult = { address: ADDRESS, chainId: 1, caipAddress: `eip155:1:${ADDRESS}` }
const walletRequest = { walletId: 'io.metamask', method: 'eth_chainId' }

/** For each shape the host SDK receives: values both validators must accept, and values both must refuse. */
const CORPUS: Record<string, Corpus> = {
  envelope: {
    valid: {
      request,
      'request with params present but undefined': { ...request, params: undefined },
      'request with null params': { ...request, params: null },
      success,
      failure,
      event,
      'an unknown extra key': { ...request, extra: 1 },
      'id and method of 64 characters': { ...request, id: s(64), method: s(64) },
      'error message of 1000 characters': { ...failure, error: { code: -32603, message: s(1000) } },
      'negative error code': { ...failure, error: { code: -32601, message: 'Method not found' } },
    },
    invalid: {
      null: null,
      array: [request],
      string: 'walletframe',
      'version 2': { ...request, v: 2 },
      'version 0': { ...request, v: 0 },
      'version as a string': { ...request, v: '1' },
      'missing version': without(request, 'v'),
      'empty id': { ...request, id: '' },
      'id of 65 characters': { ...request, id: s(65) },
      'numeric id': { ...request, id: 7 },
      'missing id': without(request, 'id'),
      'unknown kind': { ...request, kind: 'notification' },
      'empty method': { ...request, method: '' },
      'method of 65 characters': { ...request, method: s(65) },
      'request without params': without(request, 'params'),
      'event without params': without(event, 'params'),
      'response without ok': without(success, 'ok'),
      'ok as a string': { ...success, ok: 'true' },
      'success without result': without(success, 'result'),
      'failure without error': without(failure, 'error'),
      'error without message': { ...failure, error: { code: 4001 } },
      'error without code': { ...failure, error: { message: 'x' } },
      'fractional error code': { ...failure, error: { code: 4001.5, message: 'x' } },
      'unsafe integer error code': { ...failure, error: { code: 2 ** 60, message: 'x' } },
      'error code as a string': { ...failure, error: { code: '4001', message: 'x' } },
      'error message of 1001 characters': { ...failure, error: { code: 1, message: s(1001) } },
      'error as a string': { ...failure, error: 'User rejected' },
    },
  },
  handshakeReply: {
    valid: {
      ready: { type: 'walletframe:ready', version: 1 },
      'ready with a later version': { type: 'walletframe:ready', version: 3 },
      refused: { type: 'walletframe:refused', error: { code: -32006, message: 'version mismatch' } },
    },
    invalid: {
      null: null,
      'ready without version': { type: 'walletframe:ready' },
      'version as a string': { type: 'walletframe:ready', version: '1' },
      'fractional version': { type: 'walletframe:ready', version: 1.5 },
      'a hello': { type: 'walletframe:hello', versions: [1], init: {} },
      'unknown type': { type: 'walletframe:maybe', version: 1 },
      'refused without error': { type: 'walletframe:refused' },
      'refused with a string code': { type: 'walletframe:refused', error: { code: '-32006', message: 'x' } },
      'refused with a long message': { type: 'walletframe:refused', error: { code: 1, message: s(1001) } },
    },
  },
  'result:modal.open': okResult,
  'result:modal.close': okResult,
  'result:wallet.disconnect': okResult,
  'result:network.switch': okResult,
  'result:theme.set': okResult,
  'result:siwx.signOut': okResult,
  'result:analytics.consent': okResult,
  'result:wallet.list': {
    valid: {
      'no wallet': [],
      'one of each type': [
        {
          id: 'io.metamask',
          name: 'MetaMask',
          icon: 'data:image/png;base64,AA',
          type: 'injected',
          installed: true,
        },
        { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect', installed: false },
        { id: 'embedded', name: 'Email', type: 'embedded', installed: false },
        { id: 'acme', name: 'Acme', icon: 'https://acme.example/i.png', type: 'custom', installed: false },
      ],
    },
    invalid: {
      'not a list': {},
      'an unknown type': [{ id: 'a', name: 'A', type: 'ANNOUNCED', installed: true }],
      'an empty id': [{ id: '', name: 'A', type: 'injected', installed: true }],
      'a name of 65 characters': [{ id: 'a', name: s(65), type: 'injected', installed: true }],
      'no installed': [{ id: 'a', name: 'A', type: 'injected' }],
      'an icon that is no string': [{ id: 'a', name: 'A', icon: 1, type: 'injected', installed: true }],
    },
  },
  'result:wallet.connect': {
    valid: {
      'checksummed address': connectResult,
      'address without 0x': { ...connectResult, address: ADDRESS.slice(2) },
      'an unknown extra key': { ...connectResult, extra: true },
      'caipAddress of 200 characters': { ...connectResult, caipAddress: s(200) },
    },
    invalid: {
      null: null,
      'address of 39 hex digits': { ...connectResult, address: ADDRESS.slice(0, -1) },
      'address with a non-hex digit': { ...connectResult, address: `0x${s(39)}g` },
      'address with a trailing newline': { ...connectResult, address: `${ADDRESS}\n` },
      'chainId 0': { ...connectResult, chainId: 0 },
      'negative chainId': { ...connectResult, chainId: -1 },
      'fractional chainId': { ...connectResult, chainId: 1.5 },
      'chainId as a string': { ...connectResult, chainId: '1' },
      'chainId beyond the safe integers': { ...connectResult, chainId: 2 ** 53 },
      'caipAddress of 201 characters': { ...connectResult, caipAddress: s(201) },
      'missing caipAddress': without(connectResult, 'caipAddress'),
      'address present but undefined': { ...connectResult, address: undefined },
    },
  },
  'result:rpc.request': {
    // z.unknown(): every value is a valid result; nothing to refuse.
    valid: {
      null: null,
      'hex string': '0x1',
      number: 1,
      object: { blockNumber: '0x10' },
      array: ['0x1'],
      boolean: true,
      undefined: undefined,
    },
    invalid: {},
  },
  'params:host.walletRequest': {
    valid: {
      'without params': walletRequest,
      'with array params': { ...walletRequest, method: 'personal_sign', params: ['0xdead', ADDRESS] },
      'with object params': { ...walletRequest, params: { chainId: '0x1' } },
      'with params present but undefined': { ...walletRequest, params: undefined },
      'with object params holding an undefined value': { ...walletRequest, params: { from: undefined } },
      'empty walletId': { ...walletRequest, walletId: '' },
      'method of 100 characters': { ...walletRequest, method: s(100) },
    },
    invalid: {
      null: null,
      'method with a space': { ...walletRequest, method: 'eth chainId' },
      'method with a dot': { ...walletRequest, method: 'eth.chainId' },
      'empty method': { ...walletRequest, method: '' },
      'method of 101 characters': { ...walletRequest, method: s(101) },
      'walletId of 129 characters': { ...walletRequest, walletId: s(129) },
      'string params': { ...walletRequest, params: '0x1' },
      'numeric params': { ...walletRequest, params: 1 },
      'null params': { ...walletRequest, params: null },
      'missing walletId': without(walletRequest, 'walletId'),
      'missing method': without(walletRequest, 'method'),
    },
  },
  'params:modal.state': {
    valid: {
      open: { open: true, view: 'Connect' },
      closed: { open: false, view: 'Networks' },
    },
    invalid: {
      null: null,
      'view in the wrong case': { open: true, view: 'connect' },
      'unknown view': { open: true, view: 'Settings' },
      'open as a string': { open: 'true', view: 'Connect' },
      'missing view': { open: true },
      'missing open': { view: 'Connect' },
    },
  },
  'params:modal.unloading': {
    valid: { empty: {} },
    invalid: { null: null, string: 'unloading', array: [], number: 1 },
  },
  'params:account.changed': {
    valid: {
      disconnected: { status: 'disconnected' },
      connected: {
        status: 'connected',
        address: ADDRESS,
        chainId: 1,
        caipAddress: `eip155:1:${ADDRESS}`,
        connectorId: 'io.metamask',
      },
      'optional keys present but undefined': { status: 'connected', address: undefined, chainId: undefined },
      'connectorId of 128 characters': { status: 'connecting', connectorId: s(128) },
      'with its registered name': {
        status: 'connected',
        address: ADDRESS,
        chainId: 1,
        profileName: 'alice.wf',
      },
    },
    invalid: {
      null: null,
      'unknown status': { status: 'pending' },
      'a name of 256 characters': { status: 'connected', profileName: s(256) },
      'a numeric name': { status: 'connected', profileName: 1 },
      'missing status': { address: ADDRESS },
      'status undefined': { status: undefined },
      'invalid address': { status: 'connected', address: '0x123' },
      'address null': { status: 'connected', address: null },
      'chainId 0': { status: 'connected', chainId: 0 },
      'fractional chainId': { status: 'connected', chainId: 1.5 },
      'caipAddress of 201 characters': { status: 'connected', caipAddress: s(201) },
      'connectorId of 129 characters': { status: 'connected', connectorId: s(129) },
    },
  },
  'params:provider.event': {
    valid: {
      chainChanged: { event: 'chainChanged', data: '0x1' },
      accountsChanged: { event: 'accountsChanged', data: [ADDRESS] },
      'disconnect with null data': { event: 'disconnect', data: null },
      'disconnect with data present but undefined': { event: 'disconnect', data: undefined },
    },
    invalid: {
      null: null,
      'unknown event': { event: 'message', data: {} },
      'missing data': { event: 'disconnect' },
      'missing event': { data: '0x1' },
      'numeric event': { event: 1, data: null },
    },
  },
  'params:storage.set': {
    valid: {
      'prefixed key': { key: '@walletframe/recent-wallets', value: '[]' },
      'empty value': { key: 'wc@2:core:0.3//keychain', value: '' },
      'key of 200 characters': { key: s(200), value: 'x' },
      'value of 100000 characters': { key: 'k', value: s(100_000) },
    },
    invalid: {
      null: null,
      'empty key': { key: '', value: 'x' },
      'key of 201 characters': { key: s(201), value: 'x' },
      'key with a space': { key: 'a b', value: 'x' },
      'key with markup': { key: '<script>', value: 'x' },
      'value of 100001 characters': { key: 'k', value: s(100_001) },
      'numeric value': { key: 'k', value: 1 },
      'missing value': { key: 'k' },
    },
  },
  'params:storage.remove': {
    valid: { 'prefixed key': { key: '@walletframe/connector-id' } },
    invalid: {
      null: null,
      'empty key': { key: '' },
      'numeric key': { key: 1 },
      'missing key': {},
      'key with a space': { key: 'a b' },
    },
  },
  'params:wallet.openDeepLink': {
    valid: {
      'a native app': { href: 'rainbow://' },
      'a pairing link': { href: 'metamask://wc?uri=wc%3Aabc%402' },
    },
    invalid: {
      null: null,
      'a web page': { href: 'https://evil.example/' },
      'plain http': { href: 'http://wallet.example/' },
      javascript: { href: 'javascript://%0aalert(1)' },
      data: { href: 'data://text/html,x' },
      'upper-case scheme': { href: 'JavaScript://x' },
      'no scheme': { href: 'rainbow' },
      'a space': { href: 'rainbow:// x' },
      'too long': { href: `rainbow://${'x'.repeat(2048)}` },
      'missing href': {},
    },
  },
  'params:siwx.session': {
    valid: {
      'signed in': {
        session: {
          id: 'a'.repeat(32),
          address: ADDRESS,
          chainId: 31337,
          expiresAt: '2026-11-28T10:00:00.000Z',
          message: 'localhost wants you to sign in with your Ethereum account:',
          signature: '0x01',
          pci: 'proof',
        },
      },
      'signed out': { session: null },
    },
    invalid: {
      null: null,
      'missing session': {},
      'an id that is not one': {
        session: {
          id: 'x',
          address: ADDRESS,
          chainId: 1,
          expiresAt: '',
          message: '',
          signature: '',
          pci: '',
        },
      },
      'chain id 0': {
        session: {
          id: 'a'.repeat(32),
          address: ADDRESS,
          chainId: 0,
          expiresAt: '',
          message: '',
          signature: '',
          pci: '',
        },
      },
      'missing pci': {
        session: {
          id: 'a'.repeat(32),
          address: ADDRESS,
          chainId: 1,
          expiresAt: '',
          message: '',
          signature: '',
        },
      },
    },
  },
  'params:modal.log': {
    valid: {
      'a line': { message: 'balance fetch failed: timeout' },
      'an empty line': { message: '' },
      'a line at the limit': { message: 'x'.repeat(1000) },
    },
    invalid: {
      null: null,
      'too long': { message: 'x'.repeat(1001) },
      'not a string': { message: 1 },
      'missing message': {},
    },
  },
}

/** Shapes whose zod type is `z.unknown()`: every value is valid, so the corpus has nothing invalid. */
const ACCEPTS_ANYTHING = new Set(['result:rpc.request'])

const zod = createZodValidator()
const compiled = createCheckValidator(HOST_CHECKS)

describe('the host shapes corpus', () => {
  it('covers exactly the shapes the host SDK receives', () => {
    expect(Object.keys(CORPUS).sort()).toEqual([...hostShapeNames()].sort())
  })

  it.each(hostShapeNames())('has valid samples and several invalid ones for %s', (shape) => {
    const corpus = CORPUS[shape]!
    expect(Object.keys(corpus.valid).length).toBeGreaterThanOrEqual(1)
    if (!ACCEPTS_ANYTHING.has(shape)) expect(Object.keys(corpus.invalid).length).toBeGreaterThanOrEqual(4)
  })
})

describe('zod and the generated host checks', () => {
  it.each(hostShapeNames())('agree with each other and with the corpus on %s', (shape: ShapeName) => {
    const corpus = CORPUS[shape]!
    const disagreements: string[] = []
    const samples = [
      ...Object.entries(corpus.valid).map(([label, value]) => ({ label, value, expected: true })),
      ...Object.entries(corpus.invalid).map(([label, value]) => ({ label, value, expected: false })),
    ]
    for (const { label, value, expected } of samples) {
      const byZod = zod.check(shape, value)
      const byCheck = compiled.check(shape, value)
      if (byZod !== expected || byCheck !== expected) {
        disagreements.push(`${label}: expected ${expected}, zod ${byZod}, generated check ${byCheck}`)
      }
    }
    expect(disagreements).toEqual([])
  })

  it('leaves out of the host checks every shape the host never receives', () => {
    expect(Object.keys(HOST_CHECKS).sort()).toEqual([...hostShapeNames()].sort())
    expect(compiled.check('hello', { type: 'walletframe:hello', versions: [1], init: {} })).toBe(false)
    expect(compiled.check('params:modal.open', {})).toBe(false)
    expect(compiled.check('constructor' as never, {})).toBe(false)
  })
})

describe('host-checks.generated.ts', () => {
  it('is up to date with the zod shapes (run `npm run generate -w @walletframe/protocol`)', () => {
    const onDisk = readFileSync(new URL('./host-checks.generated.ts', import.meta.url), 'utf8')
    expect(onDisk).toBe(renderHostChecksModule())
  })
})
