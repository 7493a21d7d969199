/**
 * HTTP fuzzing for the services' routes (issue 10 point 4), on top of the protocol's generators
 * (`@walletframe/protocol/fuzz`): requests aimed at one route with path parameters, query, body,
 * content type, headers and method drawn from that route's zod shapes and from hostile values,
 * and the check every answer must pass: no 500, no stack, and any refusal exactly the route's
 * typed JSON error.
 */
import { hostileValue, hugeString, shapedLike, withForbiddenKey } from '@walletframe/protocol/fuzz'
import fc from 'fast-check'
import { expect } from 'vitest'
import type * as z from 'zod/mini'

export interface FuzzedRoute {
  method: 'GET' | 'POST'
  /** hono's notation: `/v1/identity/:address`. */
  path: string
  /** The shapes of a valid call, from the protocol; a missing one is fuzzed with hostile values only. */
  params?: z.ZodMiniType
  query?: z.ZodMiniType
  body?: z.ZodMiniType
  /** Query pairs most calls carry so that they get past the first check (the client's project). */
  baseQuery?: Record<string, string>
  /** Headers most calls carry (the origin a browser sends). */
  baseHeaders?: Record<string, string>
  /** Body fields most calls carry where the body has them (a known project id). */
  baseBody?: Record<string, unknown>
}

export interface FuzzedRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
}

const text = (value: unknown): string => {
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return 'unprintable'
  }
}

/** Header values: printable ASCII only, as a browser or `fetch` can send them. */
const headerValue = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength: 200,
  }),
  hugeString(16_000).map((value) => value.replace(/[^\x20-\x7e]/g, 'x')),
)

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  '',
]

/** `usual` four times in five, else `unusual`. */
const often = <T>(usual: fc.Arbitrary<T>, unusual: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: unusual, weight: 1 })

/** URL-safe text for a path segment, or something raw a client could still put there. */
const segment = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: value.map((item) => encodeURIComponent(text(item))), weight: 6 },
    {
      arbitrary: fc.constantFrom('..', '%2e%2e', '%00', '%E0%A4%A', '%', '__proto__', 'constructor', ''),
      weight: 1,
    },
  )

/** Fields of a generated shape as query text: strings as they are, anything else as JSON. */
const queryPairs = (shape: fc.Arbitrary<unknown>) =>
  shape.map((value) =>
    typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, item]) =>
          item === undefined ? [] : [[key, text(item)] as [string, string]],
        )
      : [],
  )

export function fuzzedRequests(route: FuzzedRoute): fc.Arbitrary<FuzzedRequest> {
  const hostile = hostileValue()
  const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string)
  const params = route.params ? shapedLike(route.params) : fc.constant({})
  const path = params.chain((valid) =>
    fc
      .tuple(
        ...names.map((name) =>
          segment(
            fc.oneof(
              { arbitrary: fc.constant((valid as Record<string, unknown>)[name]), weight: 3 },
              hostile,
            ),
          ),
        ),
      )
      .map((values) =>
        names.reduce((built, name, i) => built.replace(`:${name}`, values[i] ?? ''), route.path),
      ),
  )
  const valid = route.query ? queryPairs(shapedLike(route.query)) : fc.constant([])
  const pair = fc.tuple(
    fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('__proto__', 'constructor', 'projectId', 'st', 'sv'),
    ),
    hostile.map(text),
  )
  const junk = fc.constantFrom('&&=&', '%', '%ZZ', '=x', 'a=%E0%A4%A')
  const query = fc
    .tuple(
      often(fc.constant(true), fc.constant(false)),
      valid,
      often(fc.constant<[string, string][]>([]), fc.array(pair, { maxLength: 3 })),
      often(fc.constant(''), junk),
    )
    .map(([withBase, pairs, extra, raw]) => {
      const search = new URLSearchParams(withBase ? route.baseQuery : {})
      // The base pairs stay valid; generated values for the same keys come only as extras (repeats).
      for (const [key, value] of pairs) if (!search.has(key)) search.append(key, value.slice(0, 20_000))
      for (const [key, value] of extra) search.append(key, value.slice(0, 20_000))
      return `${search}${raw ? `&${raw}` : ''}`
    })
  const shaped = route.body ? shapedLike(route.body) : fc.jsonValue({ maxDepth: 2 })
  const json = fc.tuple(shaped, often(fc.constant(true), fc.constant(false))).map(([value, withBase]) => {
    if (!withBase || typeof value !== 'object' || value === null || Array.isArray(value)) return value
    const base = Object.entries(route.baseBody ?? {}).filter(([key]) => key in value)
    return { ...value, ...Object.fromEntries(base) }
  })
  const body = fc.oneof(
    { arbitrary: json.map(text), weight: 5 },
    { arbitrary: withForbiddenKey(json).map(text), weight: 1 },
    { arbitrary: hostile.map(text), weight: 2 },
    {
      arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"admin":true}}'),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  )
  const headers = fc
    .tuple(
      often(fc.constant(true), fc.constant(false)),
      fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined }),
      often(
        fc.constant({}),
        fc.dictionary(
          fc.constantFrom('origin', 'cookie', 'x-forwarded-for', 'referer', 'sec-fetch-site', 'accept'),
          headerValue,
          { maxKeys: 3 },
        ),
      ),
    )
    .map(([withBase, type, extra]) => ({
      ...(withBase ? route.baseHeaders : {}),
      ...(type === undefined ? {} : { 'content-type': type }),
      ...extra,
    }))
  const method = fc.oneof(
    { arbitrary: fc.constant(route.method), weight: 8 },
    fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  )
  return fc.record({ method, path, query, headers, body }).map((request) => ({
    method: request.method,
    url: `${request.path}?${request.query}`,
    headers: request.headers,
    ...(request.body === undefined || request.method === 'GET' ? {} : { body: request.body }),
  }))
}

/** The `code` of a JSON error body, if it is one. */
function codeOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { code?: string }).code
  } catch {
    return undefined
  }
}

/**
 * The answer to any request: never a 5xx, never a stack or a server path, and a refusal only as
 * `{ code, message }` with a code of `codes` (or, on a route that serves a page, as a page).
 * `unavailable`: codes answered 503 when a dependency the test leaves out is down (the on-ramp
 * provider): an outage said as such, not a fault. Returns whether the request was refused.
 */
export async function expectTypedAnswer(
  response: Response,
  codes: readonly string[],
  options: { pages?: boolean; unavailable?: readonly string[] } = {},
): Promise<boolean> {
  const body = await response.text()
  if (!(response.status === 503 && options.unavailable?.includes(codeOf(body) ?? '')))
    expect(response.status, body).toBeLessThan(500)
  expect(body).not.toMatch(/\n\s+at |node_modules|\/work\/|\.ts:\d+/)
  if (response.status < 400) return false
  const type = response.headers.get('content-type') ?? ''
  if (options.pages && type.startsWith('text/html')) return true
  expect(type).toMatch(/^application\/json/)
  const error = JSON.parse(body) as Record<string, unknown>
  expect(Object.keys(error).sort()).toEqual(['code', 'message'])
  expect(codes).toContain(error.code)
  expect(typeof error.message).toBe('string')
  return true
}

/** Row counts of `tables`, to prove that a refused request wrote nothing. */
export async function rowCounts(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
  tables: readonly string[],
): Promise<Record<string, number>> {
  const [row] = await query(
    `SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table})::int AS "${table}"`).join(', ')}`,
  )
  return row as Record<string, number>
}
