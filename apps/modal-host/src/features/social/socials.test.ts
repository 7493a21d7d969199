import { DEFAULT_SOCIALS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { hiddenSocials, SOCIAL_ROW_SIZE, socialLayout, visibleSocials } from './socials.ts'

const UA = {
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  telegramAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Telegram-Android/11.4.2',
}

describe('spec §9 platform rules', () => {
  it('Telegram on iOS hides google', () => {
    expect(hiddenSocials({ userAgent: UA.iphone, telegram: true })).toEqual(['google'])
    // iPadOS says Macintosh, with touch: an iPad, not a Mac.
    expect(hiddenSocials({ userAgent: UA.mac, maxTouchPoints: 5, telegram: true })).toEqual(['google'])
    // iOS Safari, outside Telegram, keeps google.
    expect(hiddenSocials({ userAgent: UA.iphone })).toEqual([])
  })

  it('a Mac hides x', () => {
    expect(hiddenSocials({ userAgent: UA.mac })).toEqual(['x'])
    expect(visibleSocials(undefined, { userAgent: UA.mac })).not.toContain('x')
  })

  it('Android hides facebook and x (in Telegram too, where google stays)', () => {
    expect(hiddenSocials({ userAgent: UA.android })).toEqual(['facebook', 'x'])
    expect(visibleSocials(undefined, { userAgent: UA.telegramAndroid })).toEqual([
      'google',
      'discord',
      'farcaster',
      'github',
      'apple',
    ])
  })

  it('elsewhere hides nothing', () => {
    expect(hiddenSocials({ userAgent: UA.windows })).toEqual([])
  })
})

describe('the socials option (spec §3)', () => {
  it('defaults to the socials of spec §9, in their order', () => {
    expect(visibleSocials(undefined, { userAgent: UA.windows })).toEqual([...DEFAULT_SOCIALS])
  })

  it('false shows none; a list is shown in its own order, once each', () => {
    expect(visibleSocials(false, { userAgent: UA.windows })).toEqual([])
    expect(visibleSocials(['github', 'google', 'github'], { userAgent: UA.windows })).toEqual([
      'github',
      'google',
    ])
  })
})

describe('layout', () => {
  it('first wide, a row of icons, and a "more" button when the rest does not fit one row', () => {
    const layout = socialLayout(DEFAULT_SOCIALS, false)
    expect(layout).toEqual({
      primary: 'google',
      icons: ['x', 'discord', 'farcaster', 'github'],
      more: true,
    })
    expect(layout.icons.length + 1).toBe(SOCIAL_ROW_SIZE)
    expect(socialLayout(DEFAULT_SOCIALS, true)).toEqual({
      primary: 'google',
      icons: DEFAULT_SOCIALS.slice(1),
      more: false,
    })
  })

  it('no "more" when the rest fits one row; one provider is only the wide button', () => {
    expect(socialLayout(['google', 'x', 'discord', 'github', 'apple', 'facebook'], false).more).toBe(false)
    expect(socialLayout(['github'], false)).toEqual({ primary: 'github', icons: [], more: false })
    expect(socialLayout([], false)).toEqual({ primary: undefined, icons: [], more: false })
  })
})
