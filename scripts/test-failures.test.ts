import { describe, expect, it } from 'vitest'
import {
  type PlaywrightReport,
  playwrightFailures,
  type VitestReport,
  vitestFailures,
} from './test-failures.ts'

describe('the failed tests named beside npm test’s sum', () => {
  it('names each failed vitest test by file and full name, and a file that could not load', () => {
    const report: VitestReport = {
      numPassedTests: 1,
      numFailedTests: 1,
      success: false,
      testResults: [
        {
          name: '/repo/apps/api/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed' },
            { fullName: 'a › fails', status: 'failed' },
          ],
        },
        {
          name: '/repo/apps/api/src/b.test.ts',
          status: 'failed',
          message: 'Hook timed out in 10000ms.\nat …',
          assertionResults: [],
        },
        {
          name: '/repo/c.test.ts',
          status: 'passed',
          assertionResults: [{ fullName: 'c', status: 'passed' }],
        },
      ],
    }
    expect(vitestFailures(report, '/repo')).toEqual([
      'apps/api/src/a.test.ts › a › fails',
      'apps/api/src/b.test.ts › Hook timed out in 10000ms.',
    ])
  })

  it('names each Playwright spec that failed on its last try, not one that passed on a retry', () => {
    const report: PlaywrightReport = {
      stats: { expected: 1, unexpected: 1, flaky: 1 },
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ title: 'passes', file: 'a.spec.ts', line: 3, tests: [{ status: 'expected' }] }],
          suites: [
            {
              specs: [
                { title: 'fails', file: 'a.spec.ts', line: 9, tests: [{ status: 'unexpected' }] },
                { title: 'flaky', file: 'a.spec.ts', line: 20, tests: [{ status: 'flaky' }] },
              ],
            },
          ],
        },
      ],
    }
    expect(playwrightFailures(report)).toEqual(['e2e/tests/a.spec.ts:9 › fails'])
  })
})
