/**
 * Writes src/wire/host-shapes.generated.ts: JSON Schemas, made from the zod shapes, of everything
 * the host SDK receives. Run `npm run generate -w @walletframe/protocol`; a test fails when stale.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderHostShapesModule } from '../src/wire/host-shapes-source.ts'

const target = fileURLToPath(new URL('../src/wire/host-shapes.generated.ts', import.meta.url))
writeFileSync(target, renderHostShapesModule())
console.log(`wrote ${target}`)
