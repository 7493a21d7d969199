import { describe, expect, it } from 'vitest'
import { testInit, testNetwork } from './test-support.ts'
import { WALLET_FEATURES, walletFeatureButtons } from './wallet-features.tsx'

const init = (features: Parameters<typeof testInit>[0]['features'] = {}) =>
  testInit({ networks: [testNetwork(31337, 'http://127.0.0.1:8545')], features })

const shown = (features?: Parameters<typeof init>[0]) =>
  walletFeatureButtons(init(features)).map((b) => b.feature)

describe('wallet features of the Account view (spec §3 feature options, §9 walletFeaturesOrder)', () => {
  it('offers every feature, in the default order (onramp, swaps, receive, send)', () => {
    expect(shown()).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it('follows walletFeaturesOrder, once each', () => {
    expect(shown({ walletFeaturesOrder: ['send', 'receive', 'send'] })).toEqual(['send', 'receive'])
  })

  it('leaves out a feature whose option is false', () => {
    expect(shown({ send: false })).toEqual(['onramp', 'swaps', 'receive'])
    expect(shown({ onramp: false, swaps: false, receive: false, send: false })).toEqual([])
  })

  it('leaves out Buy in a restricted time zone (spec §9)', () => {
    const zone = process.env.TZ
    process.env.TZ = 'Asia/Shanghai'
    try {
      expect(shown()).toEqual(['swaps', 'receive', 'send'])
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
  })

  it('opens the view of the feature; each titled view is in the feature chunk', async () => {
    for (const [feature, entry] of Object.entries(WALLET_FEATURES)) {
      expect(Object.keys(entry.titles), feature).toContain(entry.view)
      const views = await entry.chunk()
      expect(Object.keys(views).sort(), feature).toEqual(Object.keys(entry.titles).sort())
    }
  })
})
