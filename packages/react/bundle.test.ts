/** The package as an app bundles it: React stays the app's own, and the layer over the SDK is small. */
import { describe, expect, it } from 'vitest'
import { bundleReact, measureReactSize } from './size.ts'

// The Provider, six hooks and the button: about 1 KB over the SDK (issue 13). React itself is a peer.
const LAYER_BUDGET = 2 * 1024

describe('@walletframe/react bundle', () => {
  it('imports React from the app instead of carrying a copy', async () => {
    const code = await bundleReact(['react', 'react-dom', 'react/jsx-runtime'])
    expect(code).toMatch(/from"react"/)
    expect(code).toMatch(/from"react\/jsx-runtime"/)
    expect(code).not.toContain('__SECRET_INTERNALS')
  })

  it('adds under 2 KB min+gzip over the SDK', async () => {
    const { gzipBytes, overSdkGzipBytes } = await measureReactSize()
    expect(overSdkGzipBytes).toBeLessThan(LAYER_BUDGET)
    expect(gzipBytes).toBeGreaterThan(overSdkGzipBytes)
  })
})
