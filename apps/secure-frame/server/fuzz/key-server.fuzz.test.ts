/**
 * Issue 10 point 4: every route of the key server fuzzed through `app.request()` on the real app
 * (PGlite and Postgres, the dev mail catcher), each request from its own IP so that the per-IP limit does not
 * answer them all: generated paths, queries, bodies, content types, headers and methods. Each
 * answer is a success or the catalogue's `{ code, message }` (a page on the HTML routes), never a
 * 500 or a stack, and a refused request leaves every table as it was.
 */
import {
  CreateWalletRequestSchema,
  DeviceKeyAssertRequestSchema,
  DeviceKeyChallengeRequestSchema,
  DeviceKeyRegisterRequestSchema,
  DeviceWaitRequestSchema,
  EmailLoginRequestSchema,
  EmailUpdatePrimaryRequestSchema,
  EmailUpdateRequestSchema,
  EmailUpdateSecondaryRequestSchema,
  FarcasterAuthenticateRequestSchema,
  FarcasterChannelRequestSchema,
  FarcasterStatusRequestSchema,
  KEY_SERVER_ERROR_CODES,
  OtpRequestSchema,
  KEY_SERVER_PATHS as PATHS,
  PasskeyAssertOptionsRequestSchema,
  PasskeyAssertRequestSchema,
  PasskeyRegisterOptionsRequestSchema,
  PasskeyRegisterRequestSchema,
  RecoveryRequestSchema,
  SignOutRequestSchema,
  SocialConnectRequestSchema,
  SocialOtpRequestSchema,
  SocialStartRequestSchema,
} from '@walletframe/protocol'
import { fuzzRuns } from '@walletframe/protocol/fuzz'
import { expectTypedAnswer, type FuzzedRoute, fuzzedRequests, rowCounts } from '@walletframe/testing/fuzz'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { KEY_SERVER_TABLES, TEST_BACKENDS, TEST_PROJECT, useKeyServer } from '../test-support/key-server.ts'

const RUNS = fuzzRuns(100)
// A bound for WF_FUZZ_RUNS=10000, not a timing assertion.
vi.setConfig({ testTimeout: 60 * 60_000 })

const TABLES = KEY_SERVER_TABLES.map((table) => `key_server.${table}`)

const post = (path: string, body: FuzzedRoute['body']): FuzzedRoute => ({ method: 'POST', path, body })

/** The JSON routes: refusals are always the typed error. */
const JSON_ROUTES: FuzzedRoute[] = [
  post(PATHS.emailLogin, EmailLoginRequestSchema),
  post(PATHS.deviceWait, DeviceWaitRequestSchema),
  post(PATHS.otpVerify, OtpRequestSchema),
  post(PATHS.signOut, SignOutRequestSchema),
  { method: 'GET', path: PATHS.session },
  post(PATHS.wallet, CreateWalletRequestSchema),
  post(PATHS.recovery, RecoveryRequestSchema),
  post(PATHS.passkeyRegisterOptions, PasskeyRegisterOptionsRequestSchema),
  post(PATHS.passkeyRegister, PasskeyRegisterRequestSchema),
  post(PATHS.passkeyAssertOptions, PasskeyAssertOptionsRequestSchema),
  post(PATHS.passkeyAssert, PasskeyAssertRequestSchema),
  post(PATHS.deviceKeyRegister, DeviceKeyRegisterRequestSchema),
  post(PATHS.deviceKeyChallenge, DeviceKeyChallengeRequestSchema),
  post(PATHS.deviceKeyAssert, DeviceKeyAssertRequestSchema),
  post(PATHS.emailUpdate, EmailUpdateRequestSchema),
  post(PATHS.emailUpdatePrimary, EmailUpdatePrimaryRequestSchema),
  post(PATHS.emailUpdateSecondary, EmailUpdateSecondaryRequestSchema),
  post(PATHS.socialStart, SocialStartRequestSchema),
  post(PATHS.socialConnect, SocialConnectRequestSchema),
  post(PATHS.socialOtp, SocialOtpRequestSchema),
  post(PATHS.farcasterChannel, FarcasterChannelRequestSchema),
  post(PATHS.farcasterStatus, FarcasterStatusRequestSchema),
  post(PATHS.farcasterAuthenticate, FarcasterAuthenticateRequestSchema),
]

/** The pages: a refusal may be a page of its own. */
const PAGE_ROUTES: FuzzedRoute[] = [
  { method: 'GET', path: PATHS.frame },
  { method: 'GET', path: PATHS.keyWindow },
  { method: 'GET', path: PATHS.deviceConfirm },
  { method: 'GET', path: PATHS.socialCallback },
  { method: 'POST', path: PATHS.socialCallback },
]

describe.each(TEST_BACKENDS)('key server routes under fuzzing on $name', (backend) => {
  const server = useKeyServer(backend)
  const cases = [
    ...JSON_ROUTES.map((route) => ({ ...route, pages: false })),
    ...PAGE_ROUTES.map((route) => ({ ...route, pages: true })),
  ]

  it.each(cases)(
    '$method $path answers every generated request with a success or its typed error',
    async (route) => {
      const counts = () => rowCounts((sql) => server.db.query(sql), TABLES)
      // The tables as the served writes left them: a GET never changes them, a refused write neither.
      let known = await counts()
      const requests = fuzzedRequests({
        ...route,
        baseQuery: { projectId: TEST_PROJECT },
        baseHeaders: { origin: server.config.origin },
        baseBody: { projectId: TEST_PROJECT },
      })
      await fc.assert(
        fc.asyncProperty(requests, fc.ipV4(), async (request, remoteAddress) => {
          const response = await server.app.request(request.url, request, {
            incoming: { socket: { remoteAddress } },
          })
          // Counted before any check: a failing run must leave no stale state to the runs that shrink it.
          const before = known
          if (request.method !== 'GET') known = await counts()
          const refused = await expectTypedAnswer(response, KEY_SERVER_ERROR_CODES, { pages: route.pages })
          if (refused) expect(known).toEqual(before)
        }),
        { numRuns: RUNS },
      )
      expect(await counts()).toEqual(known)
    },
  )
})
