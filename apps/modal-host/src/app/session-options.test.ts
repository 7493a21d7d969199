/** The integrator's options as the session applies them (spec §3 options, §4 Toast, §9 Defaults). */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type SessionHarness, startSession, testNetwork } from './test-support.ts'

const network = testNetwork(31337, 'http://127.0.0.1:9')
const WARNING = 'features.legalCheckbox is on without termsConditionsUrl or privacyPolicyUrl to agree to'
let harness: SessionHarness | undefined
afterEach(() => harness?.close())

describe('configuration problems (spec §4 Toast: debug-style messages)', () => {
  it('are shown as an info toast when the modal opens, with debug on (the spec §9 default)', async () => {
    const logged: string[] = []
    harness = startSession({
      networks: [network],
      wallets: [],
      init: { debug: true, features: { legalCheckbox: true } },
      session: { log: (message) => logged.push(message) },
    })
    expect(harness.session.store.get().toast).toBeUndefined()
    harness.session.open()
    await vi.waitFor(() =>
      expect(harness?.session.store.get().toast).toMatchObject({ variant: 'info', message: WARNING }),
    )
    expect(logged).toContain(WARNING)
  })

  it('are only logged with debug: false', async () => {
    const logged: string[] = []
    harness = startSession({
      networks: [network],
      wallets: [],
      init: { debug: false, features: { legalCheckbox: true } },
      session: { log: (message) => logged.push(message) },
    })
    harness.session.open()
    await vi.waitFor(() => expect(logged).toContain(WARNING))
    expect(harness.session.store.get().toast).toBeUndefined()
  })
})
