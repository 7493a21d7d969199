/**
 * Names of the failed tests in vitest's and Playwright's JSON reports, as `file › title`, so that
 * `npm test` can list them beside its last line (CI keeps only the tail of the output).
 */

export interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  success: boolean
  testResults: {
    name: string
    status: string
    message?: string
    assertionResults: { fullName: string; status: string }[]
  }[]
}

interface PlaywrightSuite {
  file?: string
  suites?: PlaywrightSuite[]
  specs?: { title: string; file: string; line: number; tests: { status: string }[] }[]
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number }
  suites: PlaywrightSuite[]
}

function relative(file: string, root: string): string {
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file
}

export function vitestFailures(report: VitestReport, root = process.cwd()): string[] {
  const names: string[] = []
  for (const file of report.testResults) {
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed')
    for (const test of failedTests) names.push(`${relative(file.name, root)} › ${test.fullName}`)
    // A file that failed with no failed test could not load or its hooks threw.
    if (file.status === 'failed' && failedTests.length === 0) {
      const reason = file.message?.split('\n')[0] ?? 'failed to run'
      names.push(`${relative(file.name, root)} › ${reason}`)
    }
  }
  return names
}

export function playwrightFailures(report: PlaywrightReport): string[] {
  const names: string[] = []
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'unexpected')) {
        names.push(`e2e/tests/${spec.file}:${spec.line} › ${spec.title}`)
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report.suites) visit(suite)
  return names
}
