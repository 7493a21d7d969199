/** `npm run docs:options`: writes docs/options.md from the protocol's options schema. */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { renderOptionsReference } from './options-reference.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const target = `${root}docs/options.md`
writeFileSync(target, renderOptionsReference(root))
console.log(`wrote ${target}`)
