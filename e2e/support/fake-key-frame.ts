/**
 * A stand-in key frame for views whose key-frame side is not there yet (the Farcaster login): the
 * page's requests for the key frame get this page instead, which accepts the modal's hello from its
 * parent and answers the key-frame table (spec §7) from `answers`. A method answered `'held'` waits
 * until the test calls `release(method)` in the key frame's Frame.
 */
import type { BrowserContext, Frame, Page } from '@playwright/test'
import {
  type FrameMethodName,
  HANDSHAKE,
  KEY_FRAME_PATH,
  PROTOCOL_VERSION,
  SOCIAL_CALLBACK_TYPE,
} from '@walletframe/protocol'
import { expect } from './fixtures.ts'
import { testStack } from './test-stack.ts'

const stack = testStack()
const keyOrigin = stack.keyFrame.origin

export type FakeAnswers = Partial<Record<FrameMethodName, unknown>>

const DEFAULT_ANSWERS: FakeAnswers = {
  'frame.isConnected': { isConnected: false },
  'frame.syncTheme': null,
  'frame.syncDappData': null,
  'frame.switchNetwork': null,
}

function page(answers: FakeAnswers): string {
  const settings = JSON.stringify({
    answers: { ...DEFAULT_ANSWERS, ...answers },
    hello: HANDSHAKE.helloType,
    ready: HANDSHAKE.readyType,
    version: PROTOCOL_VERSION,
  }).replaceAll('<', '\\u003c')
  return `<!doctype html><html><body><script>
const settings = ${settings};
const held = new Map();
window.release = (method, result) => held.get(method)?.(result);
addEventListener('message', (event) => {
  if (event.source !== parent || event.data?.type !== settings.hello || !event.ports[0]) return;
  const port = event.ports[0];
  port.onmessage = ({ data }) => {
    if (data?.kind !== 'request') return;
    const reply = (body) =>
      port.postMessage({ v: settings.version, id: data.id, kind: 'response', method: data.method, ...body });
    const answer = settings.answers[data.method];
    if (answer === 'held') return held.set(data.method, (result) => reply({ ok: true, result }));
    if (answer === undefined)
      return reply({ ok: false, error: { code: 4200, message: 'Not answered by the stand-in key frame' } });
    reply({ ok: true, result: answer });
  };
  port.postMessage({ type: settings.ready, version: settings.version });
});
</script></body></html>`
}

/** Serves the stand-in for every key-frame page this page loads; call it before `goto`. */
export async function serveFakeKeyFrame(target: Page, answers: FakeAnswers): Promise<void> {
  await target.route(
    (url) => url.origin === keyOrigin && url.pathname === KEY_FRAME_PATH,
    (route) => route.fulfill({ contentType: 'text/html', body: page(answers) }),
  )
}

/** Where the stand-in's provider sends the login window back: a callback page on the key origin. */
export const SOCIAL_CALLBACK_URL = `${keyOrigin}/v1/social/stand-in-callback?code=abc&state=xyz`

/**
 * The key server's callback page, as the modal expects it (packages/protocol frame/social.ts): in the
 * login window, it posts the URL it was sent to to its opener, on the modal's origin, and closes.
 * Served for the whole context, since the login window is a page of its own.
 */
export async function serveSocialCallback(context: BrowserContext): Promise<void> {
  const script = `opener.postMessage({ type: ${JSON.stringify(SOCIAL_CALLBACK_TYPE)}, url: location.href }, ${JSON.stringify(stack.modal.origin)}); close();`
  await context.route(
    (url) => url.href.startsWith(SOCIAL_CALLBACK_URL.split('?')[0]!),
    (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><script>${script}</script>` }),
  )
}

/** The stand-in's frame, once the modal has made it. */
export async function fakeKeyFrame(target: Page): Promise<Frame> {
  const find = () => target.frames().find((f) => f.url().startsWith(`${keyOrigin}${KEY_FRAME_PATH}`))
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true)
  return find()!
}
