import { describe, expect, it } from 'vitest'
import { ALL_REASONS, ERROR_CATALOGUE } from './all-entries.ts'
import { CHANNEL_ERRORS, MODAL_ERRORS, PROVIDER_ERRORS, RPC_ERRORS } from './catalogue.ts'
import { ALERTS } from './messages.ts'
import { isUserRejection, toWireError, WalletFrameError, walkError } from './walletframe-error.ts'

describe('toWireError', () => {
  it('keeps only code and message of an error that has a code: no stack, data or other fields', () => {
    const error = Object.assign(new Error('User rejected the request.'), {
      code: 4001,
      data: { secret: 'x' },
    })
    const wire = toWireError(error)
    expect(wire).toStrictEqual({ code: 4001, message: 'User rejected the request.' })
    expect(Object.keys(wire)).toEqual(['code', 'message'])
  })

  it('keeps only code, message and reason of a WalletFrameError, dropping its details and cause', () => {
    const error = new WalletFrameError(PROVIDER_ERRORS.unrecognizedChain, {
      details: 'internal',
      cause: new Error('x'),
    })
    expect(toWireError(error)).toStrictEqual({
      code: 4902,
      message: 'Unrecognized chain ID.',
      reason: 'UnrecognizedChain',
    })
  })

  it('drops a reason that does not look like a catalogue reason', () => {
    expect(toWireError({ code: 1, message: 'm', reason: '<script>' })).toStrictEqual({
      code: 1,
      message: 'm',
    })
  })

  it('gives an error without a code the fallback code and keeps its message', () => {
    expect(toWireError(new TypeError('boom'))).toStrictEqual({ code: -32603, message: 'boom' })
    expect(toWireError(new Error('boom'), PROVIDER_ERRORS.default)).toStrictEqual({
      code: 5000,
      message: 'boom',
    })
  })

  it('truncates a long message to 500 characters', () => {
    const wire = toWireError({ code: 1, message: 'x'.repeat(10_000) })
    expect(wire.message).toHaveLength(500)
    expect(toWireError(new Error('y'.repeat(501))).message).toHaveLength(500)
  })

  it.each([
    ['a string', 'boom'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object with neither code nor message', { reason: 'x' }],
  ])('turns %s into the internal error', (_label, thrown) => {
    expect(toWireError(thrown)).toStrictEqual(RPC_ERRORS.internal)
  })

  it('uses the fallback given for something that is not an error', () => {
    expect(toWireError('nope', PROVIDER_ERRORS.userRejected)).toStrictEqual(PROVIDER_ERRORS.userRejected)
  })

  it('returns only code, message and reason even when the fallback is an Error with other fields', () => {
    const fallback = new WalletFrameError(RPC_ERRORS.limitExceeded, { details: 'secret detail' })
    expect(toWireError('x', fallback)).toStrictEqual(RPC_ERRORS.limitExceeded)
    expect(Object.keys(toWireError('x', RPC_ERRORS.limitExceeded))).toEqual(['code', 'message', 'reason'])
  })

  it('returns a copy, so changing it never changes the catalogue', () => {
    const wire = toWireError(undefined)
    wire.message = 'changed'
    expect(RPC_ERRORS.internal.message).toBe('Internal error')
  })

  it.each([
    ['fractional', 4001.5],
    ['a string', '4001'],
    ['NaN', Number.NaN],
    ['beyond the safe integers', 2 ** 60],
  ])('ignores a code that is %s and uses the fallback code', (_label, code) => {
    expect(toWireError({ code, message: 'm' })).toStrictEqual({ code: -32603, message: 'm' })
  })

  it('uses the fallback message when the message is not a string', () => {
    expect(toWireError({ code: 4100, message: { text: 'x' } })).toStrictEqual({
      code: 4100,
      message: 'Internal error',
    })
  })

  it('survives an error whose fields throw when read', () => {
    const hostile = {
      get code(): number {
        throw new Error('trap')
      },
    }
    expect(toWireError(hostile)).toStrictEqual(RPC_ERRORS.internal)
  })

  it('lets every catalogue entry cross unchanged', () => {
    for (const entry of ERROR_CATALOGUE) expect(toWireError(new WalletFrameError(entry))).toStrictEqual(entry)
  })
})

describe('the catalogue', () => {
  it('gives every numeric error and every alert its own reason', () => {
    const reasons = [...ERROR_CATALOGUE, ...Object.values(ALERTS)].map((entry) => entry.reason)
    expect(new Set(reasons).size).toBe(reasons.length)
  })

  it('tells a timeout, a removed frame and a disconnected wallet apart by reason', () => {
    const reasons = [CHANNEL_ERRORS.timeout, CHANNEL_ERRORS.frameGone, PROVIDER_ERRORS.disconnected].map(
      (entry) => toWireError(new WalletFrameError(entry)).reason,
    )
    expect(new Set(reasons).size).toBe(3)
  })

  it('spells every reason in PascalCase, so it can cross the wire', () => {
    for (const reason of ALL_REASONS) expect(reason).toMatch(/^[A-Z][A-Za-z0-9]+$/)
  })

  it('lets a modal error keep its reason through the wire', () => {
    const wire = toWireError(new WalletFrameError(MODAL_ERRORS.rpcNotAllowed))
    expect(new WalletFrameError(wire).reason).toBe('RpcMethodNotAllowed')
  })
})

describe('isUserRejection', () => {
  it('is true for code 4001 (user rejected)', () => {
    expect(isUserRejection({ code: 4001 })).toBe(true)
    expect(isUserRejection(new WalletFrameError(PROVIDER_ERRORS.userRejected))).toBe(true)
  })

  it('is true for code 5000, the default provider error (spec §8)', () => {
    expect(isUserRejection({ code: 5000, message: 'Unknown error' })).toBe(true)
  })

  it.each([
    ['another code', { code: 4100 }],
    ['the code as a string', { code: '4001' }],
    ['an error without code', new Error('User rejected')],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'rejected'],
  ])('is false for %s', (_label, value) => {
    expect(isUserRejection(value)).toBe(false)
  })
})

describe('WalletFrameError', () => {
  it('carries code, message, details and cause, and is an Error', () => {
    const cause = new Error('root')
    const error = new WalletFrameError(CHANNEL_ERRORS.timeout, { details: 'modal.open after 10 ms', cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('WalletFrameError')
    expect(error.code).toBe(-32603)
    expect(error.reason).toBe('RequestTimeout')
    expect(error.message).toBe(CHANNEL_ERRORS.timeout.message)
    expect(error.details).toBe('modal.open after 10 ms')
    expect(error.cause).toBe(cause)
  })

  it('turns back into exactly {code, message, reason} with toWireError', () => {
    const error = new WalletFrameError(PROVIDER_ERRORS.disconnected, { details: 'x' })
    expect(toWireError(error)).toStrictEqual(PROVIDER_ERRORS.disconnected)
  })

  it('has a shortMessage without details, and walks its cause chain', () => {
    const root = Object.assign(new Error('wallet said no'), { code: 4001 })
    const middle = new WalletFrameError(RPC_ERRORS.internal, { cause: root })
    const top = new WalletFrameError(CHANNEL_ERRORS.timeout, { details: 'modal.open', cause: middle })
    expect(top.shortMessage).toBe(CHANNEL_ERRORS.timeout.message)
    expect(walkError(top)).toBe(root)
    expect(walkError(top, (e) => (e as { code?: number }).code === 4001)).toBe(root)
    expect(walkError(top, (e) => e === middle)).toBe(middle)
    expect(walkError(top, () => false)).toBeUndefined()
  })
})
