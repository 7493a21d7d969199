import { ANALYTICS_EVENTS, type AnalyticsEvent, AnalyticsEventSchema, TIME } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { SimulatedClock } from 'xstate'
import { createTracker } from './tracker.ts'

const ORIGIN = 'https://dapp.example:8443'

/** Drains the promise callbacks queued so far (the transport's answers), without moving the clock. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

function start(answers: { enabled?: boolean | Error; status?: () => number } = {}) {
  const clock = new SimulatedClock()
  const sent: AnalyticsEvent[] = []
  const logs: string[] = []
  let configAsked = 0
  let alerts = 0
  let id = 0
  const tracker = createTracker({
    transport: {
      async analyticsEnabled() {
        configAsked++
        const enabled = answers.enabled ?? true
        if (enabled instanceof Error) throw enabled
        return enabled
      },
      async sendEvent(event) {
        sent.push(event)
        return answers.status?.() ?? 204
      },
    },
    origin: ORIGIN,
    alert: () => alerts++,
    log: (message) => logs.push(message),
    now: () => 1_700_000_000_000 + clock.now(),
    eventId: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    clock,
  })
  const open = () => tracker.track({ event: ANALYTICS_EVENTS.modalOpen, properties: { connected: false } })
  const close = () => tracker.track({ event: ANALYTICS_EVENTS.modalClose, properties: { connected: false } })
  return {
    tracker,
    clock,
    sent,
    logs,
    open,
    close,
    configAsked: () => configAsked,
    alerts: () => alerts,
  }
}

describe('tracker (spec §4 Modal, §7 POST /e)', () => {
  it('asks the project switch only once there is an event, and once per page', async () => {
    const t = start()
    await settle()
    expect(t.configAsked()).toBe(0)
    t.open()
    t.close()
    t.tracker.flush()
    await settle()
    t.open()
    t.clock.increment(TIME.debounceMs)
    await settle()
    expect(t.configAsked()).toBe(1)
  })

  it('batches: events go out together TIME.debounceMs after the first, in order, as valid POST /e bodies', async () => {
    const t = start()
    t.open()
    await settle()
    t.clock.increment(TIME.debounceMs - 1)
    t.tracker.track({ event: ANALYTICS_EVENTS.switchNetwork, properties: { network: 'eip155:10' } })
    await settle()
    expect(t.sent).toEqual([])
    t.clock.increment(1)
    await settle()
    expect(t.sent.map((e) => e.props.event)).toEqual(['MODAL_OPEN', 'SWITCH_NETWORK'])
    for (const event of t.sent) expect(AnalyticsEventSchema.parse(event)).toEqual(event)
    // Privacy (spec §7): the host page's origin only, never its path or query.
    expect(t.sent[0]).toMatchObject({
      url: ORIGIN,
      domain: 'dapp.example:8443',
      timestamp: 1_700_000_000_000,
    })
    expect(new Set(t.sent.map((e) => e.eventId)).size).toBe(2)
    // A later event starts a new batch.
    t.close()
    await settle()
    expect(t.sent).toHaveLength(2)
    t.clock.increment(TIME.debounceMs)
    expect(t.sent.map((e) => e.props.event)).toEqual(['MODAL_OPEN', 'SWITCH_NETWORK', 'MODAL_CLOSE'])
  })

  it('hands the batch over at once on flush (modal close, pagehide)', async () => {
    const t = start()
    t.open()
    await settle()
    t.close()
    t.tracker.flush()
    expect(t.sent.map((e) => e.props.event)).toEqual(['MODAL_OPEN', 'MODAL_CLOSE'])
    t.clock.increment(TIME.debounceMs)
    expect(t.sent).toHaveLength(2)
  })

  it('keeps events tracked before the switch answers, and sends nothing when it says off', async () => {
    const on = start()
    on.open()
    on.close()
    await settle()
    on.clock.increment(TIME.debounceMs)
    expect(on.sent).toHaveLength(2)

    const off = start({ enabled: false })
    off.open()
    await settle()
    off.close()
    off.tracker.flush()
    off.clock.increment(TIME.debounceMs * 10)
    await settle()
    expect(off.sent).toEqual([])
    expect(off.configAsked()).toBe(1)
  })

  it('counts a switch that cannot be read as off, and says why in the log', async () => {
    const t = start({ enabled: new Error('network down') })
    t.open()
    await settle()
    t.clock.increment(TIME.debounceMs)
    expect(t.sent).toEqual([])
    expect(t.logs).toEqual(['analytics off for this page: network down'])
  })

  it("spec §8: a 403 shows 'Invalid App Configuration' once per page, not again for later 403s", async () => {
    const t = start({ status: () => 403 })
    t.open()
    await settle()
    t.clock.increment(TIME.debounceMs)
    await settle()
    expect(t.alerts()).toBe(1)
    t.close()
    t.tracker.flush()
    await settle()
    expect(t.sent).toHaveLength(2)
    expect(t.alerts()).toBe(1)
  })

  it('logs other refusals without an alert', async () => {
    const t = start({ status: () => 429 })
    t.open()
    await settle()
    t.tracker.flush()
    await settle()
    expect(t.alerts()).toBe(0)
    expect(t.logs).toEqual(['analytics MODAL_OPEN refused: 429'])
  })
})
