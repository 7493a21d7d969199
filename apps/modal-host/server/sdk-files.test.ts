/**
 * The script tag's versioned URLs (issue 13 §5): `/sdk/<version>/<file>` serves the build's files
 * for the version its manifest names, immutable and open to any page (a script's `integrity` needs
 * CORS), and nothing for any other version.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SCRIPT_TAG_MANIFEST_FILE, type ScriptTagManifest } from '@walletframe/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createModalApp } from './app.ts'

const PAGE = '<!doctype html><html><head></head><body></body></html>'
const MANIFEST: ScriptTagManifest = {
  version: '1.2.3',
  integrity: { 'walletframe.iife.js': 'sha384-a', 'walletframe-button.iife.js': 'sha384-b' },
}

let root: string
let app: ReturnType<typeof createModalApp>

function appWithSdk(files: Record<string, string>) {
  const sdkDir = mkdtempSync(join(root, 'sdk-'))
  for (const [name, body] of Object.entries(files)) writeFileSync(join(sdkDir, name), body)
  return createModalApp({ distDir: root, sdkDir, projects: [] })
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'wf-modal-sdk-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), PAGE)
  app = appWithSdk({
    'walletframe.iife.js': 'globalThis.WalletFrame={}',
    'walletframe-button.iife.js': 'customElements.define()',
    'walletframe.esm.js': 'export {}',
    [SCRIPT_TAG_MANIFEST_FILE]: JSON.stringify(MANIFEST),
  })
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('/sdk/<version>/<file>', () => {
  it('serves the SDK and the element at their version, immutable, to any origin', async () => {
    for (const [file, body] of [
      ['walletframe.iife.js', 'globalThis.WalletFrame={}'],
      ['walletframe-button.iife.js', 'customElements.define()'],
    ]) {
      const response = await app.request(`/sdk/1.2.3/${file}`, {
        headers: { origin: 'https://shop.example' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toContain('text/javascript')
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
      expect(await response.text()).toBe(body)
    }
  })

  it('serves nothing at another version, or a file the manifest does not list', async () => {
    expect((await app.request('/sdk/1.2.4/walletframe.iife.js')).status).toBe(404)
    expect((await app.request('/sdk/latest/walletframe.iife.js')).status).toBe(404)
    expect((await app.request('/sdk/1.2.3/walletframe.esm.js')).status).toBe(404)
    expect((await app.request('/sdk/1.2.3/script-tag.json')).status).toBe(404)
    expect((await app.request('/sdk/1.2.3/..%2f..%2findex.html')).status).toBe(404)
  })

  it('the unversioned URL stays briefly cached (it changes with every deployment)', async () => {
    const response = await app.request('/sdk/walletframe-button.iife.js')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
  })

  it('without a manifest (an SDK not built by its build), only the unversioned URLs answer', async () => {
    const bare = appWithSdk({ 'walletframe.iife.js': 'globalThis.WalletFrame={}' })
    expect((await bare.request('/sdk/walletframe.iife.js')).status).toBe(200)
    expect((await bare.request('/sdk/0.1.0/walletframe.iife.js')).status).toBe(404)
  })
})
