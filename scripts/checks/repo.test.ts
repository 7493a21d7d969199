/**
 * Repository checks that run in `npm test`: import boundaries and literals retyped from the
 * protocol. Each compares against a committed baseline of known hits that may only shrink: a new
 * hit fails, and so does a baseline entry no longer found (delete it, so the baseline stays exact).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as protocol from '@walletframe/protocol'
import {
  baselineEntry,
  checkImportBoundaries,
  collectExportedValues,
  compareWithBaseline,
  findLiteralDuplicates,
  formatHit,
  isTestFile,
  type LayerRules,
  sourceFiles,
  workspaceFolders,
} from '@walletframe/testing/checks'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const baseline = (name: string) =>
  JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')) as string[]
const workspaces = workspaceFolders(root)

/** The modal host's layers; they apply once the folders exist. */
const MODAL_HOST_LAYERS: LayerRules = {
  root: 'apps/modal-host/src',
  forbid: [
    { from: 'ui', forbidden: ['features', 'app'] },
    { from: 'features', forbidden: ['app'] },
  ],
  // Pairs of features allowed to reach past each other's index.ts: none. Each feature declares its
  // slice of the session by augmenting core's session API, which must name that file.
  features: { dir: 'features', allow: [], augmentable: ['core/session-api.ts'] },
}

/**
 * The protocol exports whose strings must not be retyped: keys, message texts, event and message
 * types, names. Left out are the lists of union members (VIEW_NAMES, METHOD_NAMES, the
 * *_RPC_METHODS, CONNECTOR_TYPE_ORDER, CHAIN_NAMESPACES, …): a package writing `'Connect'` where a
 * ViewName is expected is tied to the protocol by the type checker and cannot drift, and the RPC
 * method names are EIP-1193's, not ours.
 */
const LITERAL_SOURCE_NAMES = [
  'ALERTS',
  'ANIMATION',
  'API_ERRORS',
  'CHANNEL_ERRORS',
  'EIP6963_EVENTS',
  'HANDSHAKE',
  'KEY_FRAME_CONFIG_ELEMENT_ID',
  'KEY_SERVER_ERRORS',
  'KEY_SERVER_PATHS',
  'MODAL_ERRORS',
  'LEGACY_INJECTED_ID',
  'LEGACY_INJECTED_NAME',
  'PROJECT_BOOTSTRAP_ELEMENT_ID',
  'PROVIDER_ERRORS',
  'RPC_ERRORS',
  'STORAGE_KEYS',
  'STORAGE_PREFIX',
  'TIME',
  'UI_MESSAGES',
  'WALLETFRAME_NAME',
  'WALLETFRAME_RDNS',
] as const satisfies readonly (keyof typeof protocol)[]
// biome-ignore lint/performance/noDynamicNamespaceImportAccess: a test in Node, never bundled
const LITERAL_SOURCES = Object.fromEntries(LITERAL_SOURCE_NAMES.map((name) => [name, protocol[name]]))

/**
 * Protocol strings a package may write itself: ordinary words that are also identifiers, so equal
 * text elsewhere is a coincidence rather than a copy.
 */
const NOT_PROTOCOL_LITERALS = new Set<string>([
  'injected', // LEGACY_INJECTED_ID; also the connector type and the EIP-1193 "injected provider" term
])

/** Timings the protocol owns; elsewhere they are written as the export, not the number. */
const TIMING_NUMBERS = [150, 500, 2_200, 10_000, 30_000]

function report(kind: string, found: string[], known: string[]) {
  const { added, stale } = compareWithBaseline(found, known)
  return [
    ...added.map((line) => `new ${kind}: ${line}`),
    ...stale.map((line) => `baseline entry no longer found (remove it): ${line}`),
  ]
}

describe('repository', () => {
  it('keeps its import boundaries', () => {
    const violations = checkImportBoundaries({
      root,
      workspaces,
      selfContained: ['packages/protocol'],
      crossWorkspaceAllowed: ['e2e'],
      layers: [MODAL_HOST_LAYERS],
    })
    const problems = report(
      'import violation',
      violations.map((violation) => violation.key),
      baseline('import-baseline.json'),
    )
    expect(problems, violations.map((v) => `${v.file}:${v.line} ${v.message}`).join('\n')).toEqual([])
  })

  it('retypes no literal the protocol exports', () => {
    const values = collectExportedValues(LITERAL_SOURCES, { minLength: 6, ignore: NOT_PROTOCOL_LITERALS })
    // The sources are read: a storage key and a toast text are among the strings looked for.
    expect(values.strings.get(protocol.STORAGE_KEYS.recentWallets)).toEqual(['STORAGE_KEYS.recentWallets'])
    expect(values.strings.has(protocol.UI_MESSAGES.addressCopied)).toBe(true)
    // Not scanned: the protocol itself, and the test code (e2e and the shared test support).
    const files = workspaces
      .filter((dir) => !['packages/protocol', 'packages/testing', 'e2e'].includes(dir))
      .flatMap((dir) => [...sourceFiles(root, `${dir}/src`), ...sourceFiles(root, `${dir}/server`)])
      .filter((file) => !isTestFile(file.split('/').slice(2).join('/')) && !file.includes('.generated.'))
    const hits = findLiteralDuplicates(root, files, values, TIMING_NUMBERS)
    const problems = report('retyped literal', hits.map(baselineEntry), baseline('literal-baseline.json'))
    expect(problems, hits.map(formatHit).join('\n')).toEqual([])
  })
})
