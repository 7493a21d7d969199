import { API_LIMITS } from '@walletframe/protocol'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { validator } from 'hono/validator'
import { ApiError } from '../errors.ts'

interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** What a zod schema offers; typed structurally so routes depend on the protocol's shapes only. */
export interface Parser<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } }
}

const TARGET_LABELS = { query: 'query parameter', param: 'path parameter', json: 'body field' } as const

/**
 * Parses `value` or throws a 400 naming the first offending field. The message quotes the
 * schema's wording, never the input, so nothing the client sent is reflected back.
 */
export function parseInput<T>(schema: Parser<T>, value: unknown, target: keyof typeof TARGET_LABELS): T {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue?.path.map(String).join('.') || ''
  const label = field
    ? `${TARGET_LABELS[target]} ${field}`
    : target === 'json'
      ? 'body'
      : TARGET_LABELS[target]
  throw new ApiError('invalidInput', `Invalid ${label}: ${issue?.message ?? 'invalid value'}`)
}

/**
 * Route validators. Query values repeated in the URL arrive as arrays and fail a string field,
 * so `?chainId=a&chainId=b` is a 400 rather than a silent pick of one of them.
 */
export const validQuery = <T>(schema: Parser<T>) =>
  validator('query', (value) => parseInput(schema, value, 'query'))

export const validParams = <T>(schema: Parser<T>) =>
  validator('param', (value) => parseInput(schema, value, 'param'))

export const validJson = <T>(schema: Parser<T>) =>
  validator('json', (value) => parseInput(schema, value, 'json'))

/**
 * A JSON body: the right media type (hono's json validator would otherwise read any other type
 * as `{}`), and no more than API_LIMITS.maxBodyBytes, counted while streaming.
 */
export const requireJsonBody = [
  createMiddleware(async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json') throw new ApiError('unsupportedMediaType')
    await next()
  }),
  bodyLimit({
    maxSize: API_LIMITS.maxBodyBytes,
    onError: () => {
      throw new ApiError('payloadTooLarge')
    },
  }),
] as const
