/**
 * A browser's part of a login at the dev provider, over plain HTTP with a cookie jar, for tests that
 * run without a browser: open the authorization URL, follow the provider's redirects, press
 * "Sign in as …" (or Cancel) on its login page, and stop where the provider sends the browser back
 * to the client: a redirect (`response_mode=query`) or an auto-submitted form (`form_post`).
 */

export type ProviderAnswer =
  | { kind: 'redirect'; url: string }
  | { kind: 'form_post'; action: string; fields: Record<string, string> }

const MAX_HOPS = 10

/** `username` is a listed user (`alice`, `bob`) or any other name; `null` presses Cancel. */
export async function signInAtDevProvider(
  authorizationUrl: string,
  username: string | null,
): Promise<ProviderAnswer> {
  const providerOrigin = new URL(authorizationUrl).origin
  const cookies = new Map<string, string>()
  let request: { url: string; form?: URLSearchParams } = { url: authorizationUrl }
  let submitted = false
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const response = await fetch(request.url, {
      redirect: 'manual',
      method: request.form ? 'POST' : 'GET',
      headers: {
        ...(cookies.size
          ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.form ? { body: request.form.toString() } : {}),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name)
      else cookies.set(name, value)
    }
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, request.url).toString()
      await response.body?.cancel()
      if (new URL(next).origin !== providerOrigin) return { kind: 'redirect', url: next }
      request = { url: next }
      continue
    }
    const html = await response.text()
    const formPost = parseFormPost(html)
    if (formPost) return formPost
    const uid = /action="\/interaction\/([A-Za-z0-9_-]+)\/login"/.exec(html)?.[1]
    if (!response.ok || !uid || submitted) {
      throw new Error(`dev provider answered ${response.status}: ${html.replace(/<[^>]+>/g, ' ').trim()}`)
    }
    submitted = true
    const step = username === null ? 'abort' : 'login'
    request = {
      url: `${providerOrigin}/interaction/${uid}/${step}`,
      form: new URLSearchParams(username === null ? {} : { username }),
    }
  }
  throw new Error('dev provider: too many redirects')
}

/** oidc-provider's form_post page: a form with hidden inputs, submitted by a script. */
function parseFormPost(html: string): ProviderAnswer | undefined {
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1]
  if (!action || action.startsWith('/interaction/')) return undefined
  const fields: Record<string, string> = {}
  for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1]
    const value = /value="([^"]*)"/.exec(input[0])?.[1]
    if (name !== undefined) fields[name] = decodeEntities(value ?? '')
  }
  return { kind: 'form_post', action: decodeEntities(action), fields }
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
