/**
 * `npm test`: build, typecheck, lint, unit/integration tests (vitest) and end-to-end tests
 * (Playwright on Debian's Chromium). Every suite runs even if an earlier one failed; the last line
 * sums them all as `N passed, M failed` (typecheck and lint count as one check each).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import {
  type PlaywrightReport,
  playwrightFailures,
  type VitestReport,
  vitestFailures,
} from './test-failures.ts'

const resultsDir = '.test-results'
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

let passed = 0
let failed = 0
const failures: string[] = []
const failedTests: string[] = []

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function check(name: string, ok: boolean) {
  if (ok) passed++
  else {
    failed++
    failures.push(name)
  }
}

const turboEnv = { TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' }
const built = run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], turboEnv)
check('build', built)
check(
  'typecheck',
  run('npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only'], turboEnv) &&
    run('npx', ['tsc', '-p', 'scripts/tsconfig.json']),
)
check('lint', run('npx', ['biome', 'check', '.']))

run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsDir}/vitest.json`,
])
const vitestFile = `${resultsDir}/vitest.json`
if (existsSync(vitestFile)) {
  const report = JSON.parse(readFileSync(vitestFile, 'utf8')) as VitestReport
  passed += report.numPassedTests
  failed += report.numFailedTests
  if (report.numFailedTests > 0 || !report.success) failures.push('vitest')
  failedTests.push(...vitestFailures(report))
  if (!report.success && report.numFailedTests === 0) failed++ // a suite that could not even load
} else check('vitest (no report)', false)

if (built) {
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${resultsDir}/e2e.json`,
  })
  const e2eFile = 'e2e/.results/e2e.json'
  if (existsSync(e2eFile)) {
    const report = JSON.parse(readFileSync(e2eFile, 'utf8')) as PlaywrightReport
    const { stats } = report
    failedTests.push(...playwrightFailures(report))
    passed += stats.expected + stats.flaky
    failed += stats.unexpected
    if (stats.unexpected > 0) failures.push('e2e')
  } else check('e2e (no report)', false)
} else check('e2e (not run: build failed)', false)

// CI shows only the tail of this output, so each failed test is named here, next to the sum.
if (failedTests.length) console.log(`\nfailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`)
if (failures.length) console.log(`\nfailed: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
