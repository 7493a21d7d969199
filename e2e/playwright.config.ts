import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '@walletframe/testing/browser'

export default defineConfig({
  testDir: './tests',
  // Two cores: one worker keeps timings sane and the devnet state easy to reason about.
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results',
  reporter: [['list'], ['json', { outputFile: '.results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions(),
    screenshot: 'only-on-failure',
    trace: 'off',
  },
})
