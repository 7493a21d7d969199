/**
 * Spec §9 constants the Activity tab shows: relative times by the relative-time thresholds, in the
 * user's locale (Intl.RelativeTimeFormat), and the pending-transactions badge capped at "99+".
 * Test wallet #0 reads its fixture history from the real data API. The API indexes mined blocks
 * only, so it never answers a pending transaction: for the badge, the test adds 100 pending copies
 * of the real first page's newest transaction to the answer, spread over the last two days.
 */
import { LIMITS } from '@walletframe/protocol'
import { expect, saveScreenshot, stack, test } from '../support/fixtures.ts'
import { connectThroughModal } from '../support/flows.ts'
import { TEST_ENV } from '../support/test-stack.ts'

test.use({ locale: 'en-US' })

const PENDING = LIMITS.pendingTransactions + 1
/** Seconds back of the added items: one per relative-time unit, then the rest a day and a half back. */
const OFFSETS_S = [0, 30, 80, 20 * 60, 3 * 3600, 30 * 3600]

for (const mode of ['dark', 'light'] as const) {
  test(`Activity (${mode}): relative times and the pending badge capped at 99+, screenshot`, async ({
    dapp,
  }) => {
    await dapp.route('**/v1/account/*/history*', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as {
        data: Array<{ id: string; metadata: Record<string, unknown> }>
      }
      if (new URL(route.request().url()).searchParams.has('cursor') || body.data.length === 0)
        return route.fulfill({ response })
      const newest = body.data[0]!
      const now = Date.now()
      const pending = Array.from({ length: PENDING }, (_, index) => ({
        ...newest,
        id: `${newest.id}:pending-${index}`,
        metadata: {
          ...newest.metadata,
          status: 'pending',
          minedAt: new Date(now - (OFFSETS_S[index] ?? 36 * 3600) * 1000).toISOString(),
        },
      }))
      await route.fulfill({ response, json: { ...body, data: [...pending, ...body.data] } })
    })
    // The added items copy the real newest one: wait until the API's indexer has the fixture history
    // (early in a full run it may still be catching up with the devnet).
    const history = `http://127.0.0.1:${TEST_ENV.WF_API_PORT}/v1/account/${dapp.wallet.address}/history?${new URLSearchParams(
      {
        projectId: stack.projectId,
        st: 'e2e',
        sv: '1',
        chainId: `eip155:${stack.devnet.chains[0]!.chainId}`,
      },
    )}`
    await expect
      .poll(async () => ((await (await fetch(history)).json()) as { data: unknown[] }).data.length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0)
    if (mode === 'light') await dapp.getByTestId('theme-toggle').click()
    const frame = await connectThroughModal(dapp)
    const badge = frame.getByTestId('activity-pending')
    // The badge counts what the Activity list has loaded: none before it is opened.
    await expect(badge).toHaveCount(0)
    await frame.getByTestId('account-tab-activity').click()
    await expect(badge).toHaveText('99+ pending')
    await expect(badge).toBeVisible()

    // The fixture history (mined at the stack's start) interleaves with the added items, newest first.
    const times = frame.getByTestId('account-panel-activity').getByTestId('activity-time')
    await expect(times.first()).toHaveText(/^(now|\d+ seconds ago)$/)
    const texts = await times.allTextContents()
    for (const text of ['1 minute ago', '20 minutes ago', '3 hours ago', '1 day ago'])
      expect(texts).toContain(text)
    expect(texts.every((text) => /^(now|\d+ (second|minute|hour|day)s? ago)$/.test(text))).toBe(true)
    // The exact date is on hover; the element says when for machines too.
    await expect(times.first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
    await expect(times.first()).toHaveAttribute('title', /\d/)
    // The tabs at the top of the modal's scroll area: the badge and as many rows as fit.
    await frame.getByTestId('account-tab-activity').evaluate((tab) => tab.scrollIntoView({ block: 'start' }))
    await saveScreenshot(dapp, `activity-times-${mode}`)
  })
}
