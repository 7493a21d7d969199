/**
 * Writes src/wire/host-checks.generated.ts: checks, compiled from the zod shapes, of everything
 * the host SDK receives; src/wire/namespace-checks.generated.ts, those of what only its adapters
 * receive (ADAPTER_METHODS); and src/wire/option-checks.generated.ts, the kinds of the integrator's
 * options the SDK checks. Run `npm run generate -w @walletframe/protocol`; a test fails when stale.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderHostChecksModule, renderNamespaceChecksModule } from '../src/wire/host-shapes-source.ts'
import { renderOptionChecksModule } from '../src/wire/option-checks-source.ts'

for (const [file, render] of [
  ['host-checks.generated.ts', renderHostChecksModule],
  ['namespace-checks.generated.ts', renderNamespaceChecksModule],
  ['option-checks.generated.ts', renderOptionChecksModule],
] as const) {
  const target = fileURLToPath(new URL(`../src/wire/${file}`, import.meta.url))
  writeFileSync(target, render())
  console.log(`wrote ${target}`)
}
