import { KEY_SERVER_LIMITS } from '@walletframe/protocol'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { validator } from 'hono/validator'
import { KeyServerError } from '../errors.ts'

interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** A protocol zod shape, typed structurally. */
export interface Parser<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } }
}

/** Parses or throws 400 naming the first bad field in the schema's words (the input is never echoed). */
export function parseInput<T>(schema: Parser<T>, value: unknown, what: 'body' | 'query'): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue?.path.map(String).join('.')
  const label = field ? `${what === 'body' ? 'body field' : 'query parameter'} ${field}` : what
  throw new KeyServerError('invalidInput', {
    message: `Invalid ${label}: ${issue?.message ?? 'invalid value'}`,
  })
}

export const validBody = <T>(schema: Parser<T>) =>
  validator('json', (value) => parseInput(schema, value, 'body'))

/**
 * Every POST body is JSON (`{}` for routes without fields) of at most
 * KEY_SERVER_LIMITS.maxBodyBytes, counted while streaming.
 */
export const jsonBodies = [
  createMiddleware(async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (c.req.method === 'POST' && type !== 'application/json')
      throw new KeyServerError('unsupportedMediaType')
    await next()
  }),
  bodyLimit({
    maxSize: KEY_SERVER_LIMITS.maxBodyBytes,
    onError: () => {
      throw new KeyServerError('payloadTooLarge')
    },
  }),
] as const
