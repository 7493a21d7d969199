/**
 * Writes src/wire/host-checks.generated.ts: checks, compiled from the zod shapes, of everything
 * the host SDK receives. Run `npm run generate -w @walletframe/protocol`; a test fails when stale.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderHostChecksModule } from '../src/wire/host-shapes-source.ts'

const target = fileURLToPath(new URL('../src/wire/host-checks.generated.ts', import.meta.url))
writeFileSync(target, renderHostChecksModule())
console.log(`wrote ${target}`)
