import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoChain } from '../src/config.ts'
import { createDemoDappApp } from './index.ts'

const chain: DemoChain = {
  id: 31_337,
  name: 'Devnet </script><script>alert(1)</script>',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
}

let distDir: string

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'demo-dapp-dist-'))
  await writeFile(join(distDir, 'index.html'), '<html><head><!-- demo-config --></head><body></body></html>')
  await writeFile(join(distDir, 'app.js'), 'console.log("demo")')
  await writeFile(
    join(distDir, 'strict-csp.html'),
    '<html><head><!-- demo-config --></head><body></body></html>',
  )
})

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true })
})

function app() {
  return createDemoDappApp({
    distDir,
    modalUrl: 'http://127.0.0.2:5174/',
    projectId: 'test-project',
    chains: [chain],
  })
}

describe('demo dapp server', () => {
  it('serves index.html with the page config injected and not cached', async () => {
    const response = await app().request('/')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toContain('text/html')

    const html = await response.text()
    const json = /<script id="demo-config" type="application\/json">(.*?)<\/script>/.exec(html)?.[1]
    expect(json).toBeDefined()
    expect(json).not.toContain('<')
    expect(JSON.parse(json!)).toEqual({
      projectId: 'test-project',
      modalUrl: 'http://127.0.0.2:5174/',
      chains: [chain],
    })
  })

  it('serves /strict-csp under a strict CSP that frames only the modal, with the same config', async () => {
    const response = await app().request('/strict-csp')
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'self'; script-src 'self'; frame-src http://127.0.0.2:5174",
    )
    expect(await response.text()).toContain('<script id="demo-config" type="application/json">')
    // The main page keeps its own headers.
    expect((await app().request('/')).headers.get('Content-Security-Policy')).toBeNull()
  })

  it('serves built assets with their content type', async () => {
    const response = await app().request('/app.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/javascript')
    expect(await response.text()).toBe('console.log("demo")')
  })

  it('answers 404 for unknown paths', async () => {
    for (const path of ['/nope', '/missing.js', '/index.html.bak', '/..%2Fpackage.json', '/a/b.js']) {
      expect((await app().request(path)).status, path).toBe(404)
    }
  })
})
