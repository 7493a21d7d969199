/**
 * The key frame as the tests drive it: its handlers on a real MessageChannel with a test modal as
 * the parent, its fetches answered by the real key server app (app.request, with a cookie jar and
 * the key origin), and a software passkey with a PRF output standing in for the authenticator.
 */
import { randomBytes } from 'node:crypto'
import {
  createFrameValidator,
  createMessenger,
  FRAME_METHOD_META,
  type FrameChannel,
  type FrameInit,
} from '@walletframe/protocol'
import type { Address } from 'viem'
import { afterEach, expect } from 'vitest'
import { SoftwarePasskey } from '../../../server/test-support/authenticator.ts'
import {
  freshEmail,
  HOST_ORIGIN,
  KEY_ORIGIN,
  TEST_PROJECT,
  type TestKeyServer,
} from '../../../server/test-support/key-server.ts'
import { createKeyFrameContext } from '../boot/create-context.ts'
import type { VisibilityGuard } from '../guard/visibility-guard.ts'
import { registerHandlers } from '../handlers/register-handlers.ts'
import { createKeyServerClient, type FetchLike } from '../key-server/key-server-client.ts'
import type { Screen } from '../state/screens.ts'
import type { PasskeyDevice } from '../wallet/passkey-device.ts'
import { type SoftwareKeyWindows, softwareKeyWindows } from './software-key-windows.ts'

/** The modal origin of the test key server's config (testConfig). */
export const MODAL_ORIGIN = 'http://127.0.0.2:5174'

export const DEVNET_INIT: FrameInit = {
  projectId: TEST_PROJECT,
  chainId: 31337,
  networks: [
    {
      id: 31337,
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:1',
    },
    {
      id: 5,
      name: 'Not embedded',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:1',
    },
  ],
  themeMode: 'dark',
  themeVariables: {},
}

/** A browser's fetch against the app: same-origin Origin header, cookies kept like a browser. */
export function keyServerFetch(server: TestKeyServer): FetchLike {
  const cookies = new Map<string, string>()
  return async (path, init) => {
    const headers = new Headers(init.headers)
    if (init.method !== 'GET') headers.set('origin', KEY_ORIGIN)
    if (cookies.size > 0)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const { credentials: _credentials, cache: _cache, ...rest } = init
    const response = await server.app.request(
      path,
      { ...rest, headers },
      {
        incoming: { socket: { remoteAddress: '10.9.8.7' } },
      },
    )
    for (const line of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=')
      if (/max-age=0/i.test(line) || value === '') cookies.delete(name.trim())
      else cookies.set(name.trim(), value.trim())
    }
    return response
  }
}

/** A platform authenticator with PRF, answering for the key frame nested in the host page. */
export function softwarePasskeys(): PasskeyDevice & { passkeys: SoftwarePasskey[] } {
  const passkeys: SoftwarePasskey[] = []
  const prf = new Map<string, Uint8Array>()
  const ceremony = {
    origin: KEY_ORIGIN,
    topOrigin: HOST_ORIGIN,
    clientExtensionResults: { prf: { enabled: true } },
  }
  const outputOf = (id: string) => new Uint8Array(prf.get(id)!)
  return {
    passkeys,
    available: true,
    async create(options) {
      const passkey = new SoftwarePasskey()
      passkeys.push(passkey)
      prf.set(passkey.id, new Uint8Array(randomBytes(32)))
      // Like some authenticators: no PRF output on create, so the key frame asserts right after.
      return { credential: passkey.create(options as never, ceremony), prfOutput: undefined }
    },
    async get(options) {
      const allowed = (options.allowCredentials as { id: string }[] | undefined)?.map((entry) => entry.id)
      const passkey = passkeys.find((candidate) => !allowed?.length || allowed.includes(candidate.id))
      if (!passkey) throw new DOMException('No passkey', 'NotAllowedError')
      return { credential: passkey.get(options as never, ceremony), prfOutput: outputOf(passkey.id) }
    },
  }
}

const ports: MessagePort[] = []
afterEach(() => {
  for (const port of ports.splice(0)) port.close()
})

/** The key frame's handlers behind a real MessageChannel; `modal` is the test parent. */
export function openKeyFrame(
  server: TestKeyServer,
  passkeys: PasskeyDevice = softwarePasskeys(),
  keyWindows: SoftwareKeyWindows = softwareKeyWindows(),
  init: FrameInit = DEVNET_INIT,
) {
  const { port1, port2 } = new MessageChannel()
  ports.push(port1, port2)
  const modal = createMessenger<'parent', FrameChannel>({
    port: port1,
    side: 'parent',
    validator: createFrameValidator(),
    table: FRAME_METHOD_META,
  })
  const frame = createMessenger<'child', FrameChannel>({
    port: port2,
    side: 'child',
    validator: createFrameValidator(),
    table: FRAME_METHOD_META,
  })
  const ctx = createKeyFrameContext(init, {
    server: createKeyServerClient(keyServerFetch(server)),
    passkeys,
    openKeyWindow: () => keyWindows.open(),
    modalOrigin: MODAL_ORIGIN,
  })
  registerHandlers(frame, ctx)
  /** Resolves with the next screen of this kind. */
  const screen = <K extends Screen['kind']>(kind: K): Promise<Extract<Screen, { kind: K }>> =>
    new Promise((resolve) => {
      const check = () => {
        const current = ctx.view.get().screen
        if (current.kind !== kind) return false
        resolve(current as Extract<Screen, { kind: K }>)
        return true
      }
      if (check()) return
      const stop = ctx.view.subscribe(() => check() && stop())
    })
  return { modal, ctx, screen, keyWindows }
}

/** Email code login through the frame's handlers, as the modal drives it. */
export async function loginThroughFrame(
  server: TestKeyServer,
  modal: ReturnType<typeof openKeyFrame>['modal'],
  email: string,
) {
  await modal.request('frame.connectEmail', { email })
  return modal.request('frame.connectOtp', { otp: server.latestCode(email) })
}

/** A new user logged in through the frame with a wallet set up (passkey + recovery code). */
export async function setUpWallet(
  server: TestKeyServer,
  passkeys: PasskeyDevice = softwarePasskeys(),
  keyWindows: SoftwareKeyWindows = softwareKeyWindows(),
  init: FrameInit = DEVNET_INIT,
) {
  const frame = openKeyFrame(server, passkeys, keyWindows, init)
  const email = freshEmail('frame')
  expect(await loginThroughFrame(server, frame.modal, email)).toEqual({ needsSetup: true })
  const setup = frame.modal.request('frame.setupWallet', {})
  ;(await frame.screen('setup')).create()
  const saved = await new Promise<Extract<Screen, { kind: 'setup' }>>((resolve) => {
    const stop = frame.ctx.view.subscribe(({ screen }) => {
      if (screen.kind === 'setup' && screen.step === 'saveCode') {
        stop()
        resolve(screen)
      }
    })
  })
  expect(saved.recoveryCode).toMatch(/^([0-9A-Z]{4}-){6}[0-9A-Z]{4}$/)
  saved.confirmSaved()
  const { address } = await setup
  return { ...frame, email, address: address as Address, recoveryCode: saved.recoveryCode! }
}

/** A guard that counts every trusted click: the frame is taken as visible long enough. */
export const visibleLongEnough: VisibilityGuard = {
  supported: true,
  accepts: (click) => click.isTrusted,
  judge: (click) => (click.isTrusted ? 'accepted' : 'untrusted'),
  disconnect: () => {},
}
export const trustedClick = { isTrusted: true }

/** Waits for the next approval, returns what it shows, and approves it as a user would. */
export async function approveNext(frame: ReturnType<typeof openKeyFrame>) {
  const screen = await frame.screen('approval')
  screen.attachGuard(visibleLongEnough)
  screen.approve(trustedClick)
  return screen.description
}
