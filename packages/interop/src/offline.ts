/**
 * Keeps a client process off the internet: every request by fetch, http or https to a host other
 * than loopback is refused and reported, so the matrix proves the clients need nothing but our
 * relay (no verify server, echo, push or telemetry endpoint). WebSockets go through http(s) too.
 */
import http from 'node:http'
import https from 'node:https'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

export class CloudCallRefused extends Error {
  constructor(readonly url: string) {
    super(`refused a request to ${url}: the interoperability matrix runs offline`)
  }
}

function hostOf(target: unknown): { host: string; url: string } {
  if (typeof target === 'string' || target instanceof URL) {
    const url = new URL(String(target))
    return { host: url.hostname, url: `${url.origin}${url.pathname}` }
  }
  if (target instanceof Request) return hostOf(target.url)
  const options = (target ?? {}) as { hostname?: string; host?: string; path?: string }
  const host = options.hostname ?? options.host ?? 'localhost'
  return { host, url: `${host}${options.path ?? ''}` }
}

export function refuseCloudCalls(report: (url: string) => void): void {
  const check = (target: unknown) => {
    const { host, url } = hostOf(target)
    if (LOOPBACK.has(host)) return
    report(url)
    throw new CloudCallRefused(url)
  }
  const realFetch = globalThis.fetch
  globalThis.fetch = async (input, init) => {
    check(input)
    return realFetch(input, init)
  }
  for (const module of [http, https]) {
    const { request, get } = module
    module.request = ((target: unknown, ...rest: never[]) => {
      check(target)
      return request(target as string, ...rest)
    }) as typeof request
    module.get = ((target: unknown, ...rest: never[]) => {
      check(target)
      return get(target as string, ...rest)
    }) as typeof get
  }
}
