import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type BoundaryConfig,
  checkImportBoundaries,
  isTestFile,
  workspaceFolders,
} from './import-boundaries.ts'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** A repository in a temp folder: `files` maps paths to contents; every workspace gets a package.json. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'wf-boundaries-'))
  roots.push(root)
  const all: Record<string, string> = {
    'package.json': JSON.stringify({ workspaces: ['packages/*', 'apps/*', 'e2e'] }),
    'packages/protocol/package.json': '{}',
    'packages/sdk/package.json': '{}',
    'apps/host/package.json': '{}',
    'e2e/package.json': '{}',
    ...files,
  }
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

function check(root: string, layers: BoundaryConfig['layers'] = []) {
  return checkImportBoundaries({
    root,
    workspaces: workspaceFolders(root),
    selfContained: ['packages/protocol'],
    crossWorkspaceAllowed: ['e2e'],
    layers,
  }).map(({ file, line, message }) => `${file}:${line} ${message.split(': imports ')[0]}`)
}

describe('import boundaries', () => {
  it('finds the workspaces a root package.json declares', () => {
    expect(workspaceFolders(tree({})).sort()).toEqual([
      'apps/host',
      'e2e',
      'packages/protocol',
      'packages/sdk',
    ])
  })

  it('passes a tree that keeps every rule', () => {
    const root = tree({
      'packages/protocol/src/index.ts': "export * from './a/a.ts'\nimport { z } from 'zod'",
      'packages/protocol/src/a/a.ts': "import '../b/b.ts'",
      'packages/protocol/src/b/b.ts': 'export {}',
      'packages/sdk/src/index.ts': "import { x } from '@walletframe/protocol'",
      'e2e/tests/x.spec.ts': "import '../../apps/host/src/main.ts'",
    })
    expect(check(root)).toEqual([])
  })

  it('keeps the protocol free of our packages and of paths outside itself', () => {
    const root = tree({
      'packages/protocol/src/index.ts':
        "import { a } from '@walletframe/sdk'\nexport * from '../../sdk/src/x.ts'",
    })
    expect(check(root)).toEqual([
      'packages/protocol/src/index.ts:1 packages/protocol imports nothing of ours, not @walletframe/sdk',
      'packages/protocol/src/index.ts:2 packages/protocol imports nothing outside itself, not ../../sdk/src/x.ts',
    ])
  })

  it('flags source reaching into another workspace by path, but not tests or e2e', () => {
    const root = tree({
      'packages/sdk/src/index.ts': "const m = await import('../../../apps/host/src/x.ts')",
      'packages/sdk/src/index.test.ts': "import '../../../apps/host/src/x.ts'",
      'packages/sdk/test/helper.ts': "import '../../../apps/host/src/x.ts'",
      'e2e/support/x.ts': "import '../../packages/sdk/src/index.ts'",
    })
    expect(check(root)).toEqual([
      'packages/sdk/src/index.ts:1 ../../../apps/host/src/x.ts reaches outside packages/sdk by path: import a package',
    ])
  })

  it("lets a package import itself by name, and a Vite config the root's shared tool config, nothing more", () => {
    const root = tree({
      'packages/protocol/package.json': JSON.stringify({ name: '@walletframe/protocol' }),
      'packages/protocol/pack-consumer.ts': "import '@walletframe/protocol/host'\nimport '@walletframe/sdk'",
      'packages/protocol/vitest.config.ts': "import '../../vite.shared.ts'",
      'packages/sdk/vite.config.ts': "import '../../vite.shared.ts'\nimport '../../apps/host/src/x.ts'",
      'packages/sdk/src/index.ts': "import '../../../vite.shared.ts'",
    })
    expect(check(root)).toEqual([
      'packages/protocol/pack-consumer.ts:2 packages/protocol imports nothing of ours, not @walletframe/sdk',
      'packages/sdk/src/index.ts:1 ../../../vite.shared.ts reaches outside packages/sdk by path: import a package',
      'packages/sdk/vite.config.ts:2 ../../apps/host/src/x.ts reaches outside packages/sdk by path: import a package',
    ])
  })

  it('finds a cycle between sibling folders, but not a folder importing its own subfolders', () => {
    const root = tree({
      'apps/host/src/index.ts': "export * from './a/a.ts'\nexport * from './b/index.ts'",
      'apps/host/src/a/a.ts': "import '../b/b.ts'",
      'apps/host/src/b/b.ts': "import '../c'",
      'apps/host/src/b/index.ts': "export * from './b.ts'",
      'apps/host/src/c/index.ts': "import { a } from '../a/a.ts'",
      'apps/host/src/c/c.test.ts': "import '../../src/index.ts'",
    })
    expect(check(root)).toEqual([
      'apps/host/src/a/a.ts:1 import cycle between folders apps/host/src/a, apps/host/src/b, apps/host/src/c',
    ])
  })

  it('finds a subfolder importing back up through a sibling', () => {
    const root = tree({
      'apps/host/src/a/index.ts': "import '../b/y.ts'\nexport const shared = 1",
      'apps/host/src/a/inner/x.ts': "import { shared } from '../index.ts'",
      'apps/host/src/b/y.ts': "import '../a/inner/x.ts'",
    })
    expect(check(root)).toEqual([
      'apps/host/src/a/index.ts:1 import cycle between folders apps/host/src/a, apps/host/src/a/inner, apps/host/src/b',
    ])
  })

  describe('layers', () => {
    const layers: BoundaryConfig['layers'] = [
      {
        root: 'apps/host/src',
        forbid: [
          { from: 'ui', forbidden: ['features', 'app'] },
          { from: 'features', forbidden: ['app'] },
        ],
        features: {
          dir: 'features',
          allow: [{ from: 'account', to: 'wallets' }],
          augmentable: ['core/session-api.ts'],
        },
      },
    ]

    it('lets every feature name an augmentable file, and nothing else of that feature', () => {
      const root = tree({
        'apps/host/src/features/core/session-api.ts': 'export interface Session {}',
        'apps/host/src/features/core/store.ts': 'export {}',
        'apps/host/src/features/toast/state.ts':
          "declare module '../core/session-api.ts' { interface Session { toast?: string } }\nimport '../core/store.ts'",
      })
      expect(check(root, layers).filter((line) => !line.includes(' cycle '))).toEqual([
        "apps/host/src/features/toast/state.ts:2 feature toast reaches into core's internals (../core/store.ts): import its index.ts",
      ])
    })

    it('keeps ui below features below app, and features apart except through index.ts', () => {
      const root = tree({
        'apps/host/src/app/main.ts': "import '../features/connect/index.ts'\nimport '../ui/Button.tsx'",
        'apps/host/src/ui/Button.tsx': "import '../features/connect/index.ts'\nimport '../app/main.ts'",
        'apps/host/src/features/connect/index.ts': "import '../../app/main.ts'\nimport '../../ui/Button.tsx'",
        'apps/host/src/features/connect/view.tsx':
          "import '../network'\nimport '../network/index.ts'\nimport '../network/internal.ts'",
        'apps/host/src/features/network/index.ts': 'export {}',
        'apps/host/src/features/network/internal.ts': 'export {}',
        'apps/host/src/features/account/x.ts': "import '../wallets/internal.ts'",
        'apps/host/src/features/wallets/internal.ts': 'export {}',
      })
      expect(check(root, layers).filter((line) => !line.includes(' cycle '))).toEqual([
        'apps/host/src/features/connect/index.ts:1 features/ imports nothing from app/',
        "apps/host/src/features/connect/view.tsx:3 feature connect reaches into network's internals (../network/internal.ts): import its index.ts",
        'apps/host/src/ui/Button.tsx:1 ui/ imports nothing from features/',
        'apps/host/src/ui/Button.tsx:2 ui/ imports nothing from app/',
      ])
    })

    it('apply only to the folders that exist', () => {
      const root = tree({
        'apps/host/src/session/x.ts': "import '../shell/y.ts'",
        'apps/host/src/shell/y.ts': '',
      })
      expect(check(root, layers)).toEqual([])
      expect(check(root, [{ ...layers[0]!, root: 'apps/missing/src' }])).toEqual([])
    })
  })

  it('tells tests and test support from source', () => {
    expect(
      [
        'src/a.test.ts',
        'src/a.spec.tsx',
        'src/x.bench.ts',
        'src/test-support.ts',
        'test/a.ts',
        'src/test-support/pg.ts',
      ].every(isTestFile),
    ).toBe(true)
    expect(['src/a.ts', 'src/testing.ts', 'src/attest/a.ts'].some(isTestFile)).toBe(false)
  })
})
