import { ONRAMP_RESTRICTED_TIME_ZONES } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { isOnRampAvailable, isRestrictedTimeZone } from './availability.ts'

const connected = { status: 'connected', address: '0x00000000000000000000000000000000000000aa' }
const facts = { init: { features: {} }, dataAvailable: true, account: connected }

describe('Buy availability (spec §9 restricted time zones)', () => {
  it.each(['Asia/Shanghai', 'Asia/Urumqi', 'Asia/Hong_Kong', 'Asia/Macau', 'PRC', 'Hongkong'])(
    '%s hides Buy',
    (zone) => {
      expect(isRestrictedTimeZone(zone)).toBe(true)
      expect(isOnRampAvailable(facts, zone)).toBe(false)
    },
  )

  it.each(['Asia/Taipei', 'Asia/Singapore', 'Europe/Berlin', 'America/New_York', undefined])(
    '%s shows it',
    (zone) => {
      expect(isOnRampAvailable(facts, zone)).toBe(true)
    },
  )

  it('every listed zone is one the browser knows', () => {
    for (const zone of ONRAMP_RESTRICTED_TIME_ZONES)
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow()
  })

  it('needs the feature on, a data API and a connected account', () => {
    expect(isOnRampAvailable({ ...facts, init: { features: { onramp: false } } }, 'UTC')).toBe(false)
    expect(isOnRampAvailable({ ...facts, dataAvailable: false }, 'UTC')).toBe(false)
    expect(isOnRampAvailable({ ...facts, account: { status: 'disconnected' } }, 'UTC')).toBe(false)
    expect(isOnRampAvailable({ ...facts, init: undefined }, 'UTC')).toBe(true)
  })
})
