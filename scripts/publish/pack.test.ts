/**
 * Every publishable package as an integrator gets it (docs/publishing.md): built, packed with
 * `npm pack`, installed from the tarballs into a fresh folder outside the repository, then a small
 * program per package (its pack-consumer.ts) type-checked under moduleResolution node16 and
 * bundler and run by Node. One install holds every tarball, so packages that depend on each other
 * resolve to the packed versions, never to the workspace.
 */
import { execFileSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, transformSync } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasConsumer, publishablePackages, publishedEntries, typePackages } from './publishable.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const packages = publishablePackages(root)
const names = packages.map((pkg) => pkg.manifest.name)
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/** Runs a command, returning its stdout; a failure carries the command's own output. */
function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`)
  }
}

interface PackResult {
  name: string
  filename: string
  files: Array<{ path: string }>
}

const readInstalled = (name: string, file: string) =>
  readFileSync(join(installDir, 'node_modules', name, file), 'utf8')

/** A consumer file's name in the install folder: `@walletframe/sdk` → `walletframe-sdk`. */
const consumerName = (name: string) => name.replace(/^@/, '').replace('/', '-')

const compilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
}

let installDir = ''
let packDir = ''
const packed = new Map<string, PackResult>()

beforeAll(() => {
  run(
    'npx',
    ['turbo', 'run', 'build', '--output-logs=errors-only', ...names.map((name) => `--filter=${name}`)],
    root,
  )
  packDir = mkdtempSync(join(tmpdir(), 'walletframe-tarballs-'))
  const results = JSON.parse(
    run(
      'npm',
      ['pack', '--json', '--pack-destination', packDir, ...names.flatMap((name) => ['-w', name])],
      root,
    ),
  ) as PackResult[]
  for (const result of results) packed.set(result.name, result)

  installDir = mkdtempSync(join(tmpdir(), 'walletframe-consumer-'))
  writeFileSync(
    join(installDir, 'package.json'),
    JSON.stringify({ name: 'walletframe-consumer', private: true, type: 'module' }),
  )
  run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      ...results.map((result) => join(packDir, result.filename)),
      ...typePackages(packages),
    ],
    installDir,
  )
  for (const pkg of packages.filter(hasConsumer)) {
    const name = consumerName(pkg.manifest.name)
    copyFileSync(pkg.consumer, join(installDir, `${name}.ts`))
    const source = readFileSync(pkg.consumer, 'utf8')
    writeFileSync(
      join(installDir, `${name}.mjs`),
      transformSync(source, { loader: 'ts', format: 'esm' }).code,
    )
  }
  const entries = packages.flatMap((pkg) => publishedEntries(pkg.manifest))
  writeFileSync(
    join(installDir, 'entries.mjs'),
    entries
      .map(
        ({ specifier }) =>
          `if (Object.keys(await import('${specifier}')).length === 0) throw new Error('${specifier} exports nothing')\n`,
      )
      .join(''),
  )
}, 600_000)

afterAll(() => {
  for (const dir of [installDir, packDir]) if (dir) rmSync(dir, { recursive: true, force: true })
}, 60_000)

describe('publishable packages', () => {
  it('are every workspace package that is not private, the host SDK and its contract among them', () => {
    expect(names).toEqual(
      expect.arrayContaining(['@walletframe/protocol', '@walletframe/sdk', '@walletframe/siwx-server']),
    )
  })

  it.each(packages.map((pkg) => [pkg.manifest.name, pkg] as const))(
    '%s follows the recipe of docs/publishing.md',
    (_name, { dir, manifest, consumer }) => {
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/)
      expect(manifest.license).toBe('MIT')
      expect(manifest.type).toBe('module')
      expect(manifest.sideEffects).toBe(false)
      expect(manifest.files).toBeDefined()
      for (const file of ['README.md', 'LICENSE', 'CHANGELOG.md'])
        expect(existsSync(join(root, dir, file)), `${dir}/${file}`).toBe(true)
      expect(readFileSync(join(root, dir, 'CHANGELOG.md'), 'utf8')).toContain(`## ${manifest.version}`)
      expect(existsSync(consumer), `${dir}/pack-consumer.ts`).toBe(true)
      const entries = publishedEntries(manifest)
      expect(entries.length).toBeGreaterThan(0)
      for (const entry of entries) expect(entry.conditions[0], entry.specifier).toBe('types')
      // A workspace dependency installs from the registry too: it must be published, in step.
      for (const [dependency, range] of Object.entries(manifest.dependencies ?? {})) {
        const workspace = packages.find((pkg) => pkg.manifest.name === dependency)
        if (dependency.startsWith('@walletframe/'))
          expect(workspace?.manifest.version, dependency).toBe(range)
      }
    },
  )

  it.each(packages.map((pkg) => [pkg.manifest.name, pkg] as const))(
    'the tarball of %s holds its entries, licence, readme and changelog, no sources or tests, and .js imports in its declarations',
    (name, { manifest }) => {
      const files = packed.get(name)?.files.map((file) => file.path) ?? []
      expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md']))
      for (const entry of publishedEntries(manifest))
        expect(files).toEqual(expect.arrayContaining(entry.files))
      expect(files.filter((file) => file.startsWith('src/') || /\.test\.|pack-consumer/.test(file))).toEqual(
        [],
      )
      // The declarations import `.js`, like the JavaScript: older TypeScript reads no `.ts` specifier.
      const tsSpecifiers = files
        .filter((file) => file.endsWith('.d.ts'))
        .filter((file) => /(from|import\()\s*['"]\.\.?\/[^'"]+\.tsx?['"]/.test(readInstalled(name, file)))
      expect(tsSpecifiers).toEqual([])
    },
  )

  it("keeps the 'use client' directive of every module that has one (Next.js's App Router)", () => {
    const USE_CLIENT = /^['"]use client['"]/
    const clientModules = packages.flatMap(({ dir, manifest }) =>
      readdirSync(join(root, dir, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
        .filter((file) => USE_CLIENT.test(readFileSync(join(root, dir, 'src', file), 'utf8')))
        .map((file) => ({ name: manifest.name, built: `dist/${file.replace(/\.tsx?$/, '.js')}` })),
    )
    expect(clientModules.map(({ name }) => name)).toContain('@walletframe/react')
    for (const { name, built } of clientModules)
      expect(readInstalled(name, built), `${name}/${built}`).toMatch(USE_CLIENT)
  })

  it.each(['node16', 'bundler'])(
    'the consumers type-check, strict, with moduleResolution %s',
    (resolution) => {
      const config = `tsconfig.${resolution}.json`
      const module = resolution === 'node16' ? 'node16' : 'esnext'
      writeFileSync(
        join(installDir, config),
        JSON.stringify({
          compilerOptions: { ...compilerOptions, module, moduleResolution: resolution },
          include: ['*.ts'],
        }),
      )
      run(process.execPath, [tsc, '-p', config], installDir)
    },
    120_000,
  )

  it('the consumers run in Node, and every published entry imports', () => {
    for (const pkg of packages.filter(hasConsumer))
      run(process.execPath, [`${consumerName(pkg.manifest.name)}.mjs`], installDir)
    run(process.execPath, ['entries.mjs'], installDir)
  }, 60_000)

  it("a page bundling the installed SDK gets none of the protocol's zod runtime", async () => {
    const { metafile } = await build({
      absWorkingDir: installDir,
      stdin: { contents: "export { createWalletFrame } from '@walletframe/sdk'", resolveDir: installDir },
      bundle: true,
      write: false,
      metafile: true,
      platform: 'browser',
      format: 'esm',
    })
    const inputs = Object.keys(metafile.inputs)
    expect(inputs).toEqual(
      expect.arrayContaining([expect.stringContaining('node_modules/@walletframe/protocol/')]),
    )
    expect(inputs.filter((input) => input.includes('node_modules/zod/'))).toEqual([])
  })
})
