/**
 * The modal's static files: the hashed assets of the Vite build, sent precompressed (the build
 * writes `.br` and `.gz` beside each script and stylesheet, build/precompress.ts), and the SDK's
 * drop-in bundles, compressed once in memory. Issue 10: the modal's JS is most of what a first open
 * waits for on a real network; brotli sends about a quarter of its bytes.
 */

import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { SCRIPT_TAG_MANIFEST_FILE, type ScriptTagManifest } from '@walletframe/protocol'
import type { Context } from 'hono'
import { COMPRESSORS, type Encoding, PRECOMPRESSED } from './compression.ts'

// Vite puts a content hash in every asset name, so a given URL never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable'

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
}

/** The encodings the client accepts (`q=0` refuses one), from its Accept-Encoding header. */
function accepted(c: Context): Set<string> {
  const names = new Set<string>()
  for (const part of (c.req.header('accept-encoding') ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name || params.some((param) => /^q=0(\.0*)?$/.test(param.trim()))) continue
    names.add(name)
  }
  return names
}

const contentType = (file: string) => CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'

export function serveAssets(assetsDir: string) {
  const root = resolve(assetsDir)
  return async (c: Context) => {
    // Decode exactly once, from the raw path, then require the result to stay inside `root`:
    // this catches "..", "%2e%2e", "..%2f", "%5c" and double encodings alike.
    const raw = new URL(c.req.url).pathname.slice('/assets/'.length)
    let relative: string
    try {
      relative = decodeURIComponent(raw)
    } catch {
      return c.notFound()
    }
    const file = resolve(root, relative)
    if (relative.includes('\0') || !file.startsWith(root + sep)) return c.notFound()

    const info = await stat(file).catch(() => undefined)
    if (!info?.isFile()) return c.notFound()
    const headers: Record<string, string> = { 'Content-Type': contentType(file), 'Cache-Control': IMMUTABLE }
    const accepts = accepted(c)
    for (const { encoding, suffix } of PRECOMPRESSED) {
      if (!accepts.has(encoding)) continue
      const body = await readFile(file + suffix).catch(() => undefined)
      if (!body) continue
      return c.body(new Uint8Array(body), 200, {
        ...headers,
        'Content-Encoding': encoding,
        Vary: 'Accept-Encoding',
      })
    }
    return c.body(new Uint8Array(await readFile(file)), 200, { ...headers, Vary: 'Accept-Encoding' })
  }
}

/**
 * The SDK's drop-in bundles, each read and compressed once, off the event loop, at the first
 * request. Any page may load them (an ESM import, or a script with `integrity`, needs CORS). At
 * `/sdk/<file>` they are briefly cached; at `/sdk/<version>/<file>`, for the version the build's
 * manifest names (issue 13 §5), they are immutable: a new SDK is a new version, hence a new URL.
 */
export function serveSdkFiles(sdkDir: string, files: ReadonlySet<string>) {
  const cache = new Map<string, Promise<Record<Encoding | 'identity', Buffer>>>()
  const load = async (file: string) => {
    const body = await readFile(join(sdkDir, file))
    const [br, gz] = await Promise.all([COMPRESSORS.br(body), COMPRESSORS.gzip(body)])
    return { identity: body, br, gzip: gz }
  }
  // Read once, like the files: the manifest describes the build this server was started with.
  let manifest: Promise<ScriptTagManifest | undefined> | undefined
  const readManifest = async () => {
    const text = await readFile(join(sdkDir, SCRIPT_TAG_MANIFEST_FILE), 'utf8').catch(() => undefined)
    return text === undefined ? undefined : (JSON.parse(text) as ScriptTagManifest)
  }
  return async (c: Context, file: string, version?: string) => {
    if (!files.has(file)) return undefined
    if (version !== undefined) {
      manifest ??= readManifest()
      const current = await manifest
      if (current?.version !== version || !(file in current.integrity)) return undefined
    }
    let bodies = cache.get(file)
    if (!bodies) {
      bodies = load(file)
      cache.set(file, bodies)
      bodies.catch(() => cache.delete(file))
    }
    const all = await bodies
    const accepts = accepted(c)
    const encoding = PRECOMPRESSED.find((entry) => accepts.has(entry.encoding))?.encoding
    return c.body(new Uint8Array(all[encoding ?? 'identity']), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': version === undefined ? 'public, max-age=300' : IMMUTABLE,
      'Access-Control-Allow-Origin': '*',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    })
  }
}
