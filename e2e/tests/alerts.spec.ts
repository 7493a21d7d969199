/**
 * The alerts of spec §8 that the modal shows while it works, as a person meets them on the real
 * stack: the dapp asks for a network it did not configure (Network Not Found); the key server no
 * longer honours the embedded wallet's session (Session Expired); the embedded wallet's user cannot
 * be read once connected (the auth-init problem). Each is looked at in both themes.
 */
import type { Page } from '@playwright/test'
import { KEY_SERVER_PATHS } from '@walletframe/protocol'
import { addPasskeyAuthenticator, keyOrigin, signUp, uniqueEmail } from '../support/embedded.ts'
import {
  expect,
  modalFrame,
  saveScreenshot,
  seriousA11yViolations,
  stack,
  test,
} from '../support/fixtures.ts'

const THEMES = ['dark', 'light'] as const
type Theme = (typeof THEMES)[number]
const SESSION_COOKIE = 'wf_session'

/** The modal's alert bar, checked to be accessible and photographed. */
async function expectAlert(page: Page, theme: Theme, title: string, name: string) {
  const frame = await modalFrame(page)
  const alert = frame.getByTestId('alert-bar')
  await expect(alert).toContainText(title)
  await expect(frame.locator('html')).toHaveAttribute('data-theme', theme)
  expect(await seriousA11yViolations(frame)).toEqual([])
  await saveScreenshot(page, `alert-${name}-${theme}`)
  return { frame, alert }
}

/** After a reload the demo is dark again: the light runs switch the modal's theme once more. */
async function useTheme(page: Page, theme: Theme) {
  if (theme === 'light') await page.getByTestId('theme-toggle').click()
}

/**
 * The key server ends the session the browser still holds, as when its lifetime ran out on the
 * server's clock while this device's clock says otherwise: a real sign-out with the browser's own
 * session cookie, sent from outside the page, so the browser keeps the cookie it has.
 */
async function endSessionOnServer(page: Page) {
  const held = async () =>
    (await page.context().cookies(keyOrigin)).find((cookie) => cookie.name === SESSION_COOKIE)
  const cookie = await held()
  expect(cookie, 'the key frame holds a session cookie').toBeDefined()
  const answer = await fetch(`${keyOrigin}${KEY_SERVER_PATHS.signOut}`, {
    method: 'POST',
    headers: {
      origin: keyOrigin,
      cookie: `${SESSION_COOKIE}=${cookie!.value}`,
      'content-type': 'application/json',
    },
    body: '{}',
  })
  expect(answer.status).toBe(200)
  expect((await held())?.value).toBe(cookie!.value)
}

test.describe('alerts of spec §8', () => {
  for (const theme of THEMES) {
    test(`Network Not Found: the dapp asks to switch to a network missing from its list (${theme})`, async ({
      dapp,
    }) => {
      await useTheme(dapp, theme)
      // The demo offers only its configured networks; here it offers one more, as a dapp whose
      // network picker and modal configuration disagree does.
      const select = dapp.getByTestId('network-select')
      await select.evaluate((element: HTMLSelectElement) => element.add(new Option('Ethereum (1)', '1')))
      await select.selectOption('1')
      await dapp.getByTestId('switch-network').click()

      await expect(dapp.getByTestId('error')).toHaveText('4902: Network Not Found')
      const { frame, alert } = await expectAlert(dapp, theme, 'Network Not Found', 'network-not-found')
      await expect(dapp.getByTestId('chain-id')).not.toHaveText('1')
      await frame.getByRole('button', { name: 'Dismiss' }).click()
      await expect(alert).toBeHidden()
    })
  }

  test.describe('embedded wallet', () => {
    test.beforeEach(async ({ page }) => {
      await addPasskeyAuthenticator(page)
      await page.goto(stack.dapp.url)
    })

    for (const theme of THEMES) {
      test(`Session Expired: the key server refuses the session, the user is disconnected (${theme})`, async ({
        page,
      }) => {
        await signUp(page, uniqueEmail(`expired-${theme}`))
        await endSessionOnServer(page)
        await page.reload()
        await useTheme(page, theme)

        const { alert } = await expectAlert(page, theme, 'Session Expired', 'session-expired')
        await expect(alert).toContainText('date and time settings')
        await expect(page.getByTestId('status')).toHaveText('disconnected')
        await expect(page.getByTestId('address')).toHaveText('—')
      })

      test(`the auth-init problem: the user cannot be read once connected, the user is disconnected (${theme})`, async ({
        page,
      }) => {
        await signUp(page, uniqueEmail(`auth-init-${theme}`))
        // The key server answers the reload's session check, then cannot be reached for the user.
        let answered = 0
        await page
          .context()
          .route(`${keyOrigin}${KEY_SERVER_PATHS.session}`, (route) =>
            answered++ === 0 ? route.continue() : route.abort('connectionrefused'),
          )
        await page.reload()
        await useTheme(page, theme)

        await expectAlert(
          page,
          theme,
          'A problem occurred while trying initialize authentication',
          'auth-init',
        )
        await expect(page.getByTestId('status')).toHaveText('disconnected')
        await page.context().unroute(`${keyOrigin}${KEY_SERVER_PATHS.session}`)
      })
    }
  })
})
