/**
 * docs/options.md, written from the protocol's schema of the integrator's options (issue 13 point
 * 9: a reference that cannot drift): the kinds and limits come from `WalletFrameOptionsSchema`
 * itself (its JSON Schema), the descriptions and defaults from the JSDoc of each property in the
 * schema's source files (`@default`). An option without a description is an error, so a new option
 * cannot reach the reference undocumented. `npm run docs:options` writes it; a test compares.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WalletFrameOptionsSchema } from '@walletframe/protocol'
import ts from 'typescript'
import * as z from 'zod/mini'

/** The schema's source files, where the JSDoc lives. */
const SCHEMA_SOURCES = ['options.ts', 'theme.ts', 'siwx.ts'].map(
  (file) => `packages/protocol/src/entities/${file}`,
)

interface PropertyDoc {
  description: string
  default?: string
  /** The object schema the property holds (directly, optional, or as array items), if any. */
  nested?: { schema: string; array: boolean }
}

type JsonSchema = {
  type?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: JsonSchema | boolean
  propertyNames?: JsonSchema
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  pattern?: string
}

/** Per object schema declared in the sources (`const FeaturesSchema = z.object({…})`): its properties' docs. */
function readSchemaDocs(root: string): Map<string, Map<string, PropertyDoc>> {
  const schemas = new Map<string, Map<string, PropertyDoc>>()
  for (const path of SCHEMA_SOURCES) {
    const file = ts.createSourceFile(
      path,
      readFileSync(join(root, path), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    )
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const object = objectLiteralOf(node.initializer)
        if (object) schemas.set(node.name.text, propertiesOf(object))
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return schemas
}

/** The shape of `z.object({…})` / `z.looseObject({…})`. */
function objectLiteralOf(node: ts.Expression): ts.ObjectLiteralExpression | undefined {
  if (!ts.isCallExpression(node)) return undefined
  const callee = node.expression
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined
  const shape = node.arguments[0]
  return (name === 'object' || name === 'looseObject') && shape && ts.isObjectLiteralExpression(shape)
    ? shape
    : undefined
}

function propertiesOf(object: ts.ObjectLiteralExpression): Map<string, PropertyDoc> {
  const properties = new Map<string, PropertyDoc>()
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue
    const name =
      ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)
        ? property.name.text
        : property.name.getText()
    const jsDoc = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc).at(-1)
    const text = (comment: ts.JSDoc['comment'] | ts.JSDocTag['comment']) =>
      (typeof comment === 'string' ? comment : (comment ?? []).map((part) => part.getText()).join(''))
        .replace(/\s+/g, ' ')
        .trim()
    const defaultTag = jsDoc?.tags?.find((tag) => tag.tagName.text === 'default')
    properties.set(name, {
      description: jsDoc ? text(jsDoc.comment) : '',
      ...(defaultTag ? { default: text(defaultTag.comment) } : {}),
      ...nestedSchema(property.initializer),
    })
  }
  return properties
}

/** `z.optional(FeaturesSchema)`, `z.array(CustomWalletSchema)`: the object schema a property names. */
function nestedSchema(node: ts.Expression): Pick<PropertyDoc, 'nested'> {
  let found: PropertyDoc['nested']
  const visit = (child: ts.Node, array: boolean): void => {
    if (found) return
    if (ts.isIdentifier(child) && /Schema$/.test(child.text)) found = { schema: child.text, array }
    const isArray =
      ts.isCallExpression(child) &&
      ts.isPropertyAccessExpression(child.expression) &&
      child.expression.name.text === 'array'
    ts.forEachChild(child, (grandchild) => visit(grandchild, array || isArray))
  }
  visit(node, false)
  return found ? { nested: found } : {}
}

const code = (text: string) => `\`${text.replace(/\|/g, '\\|')}\``
const range = (min: number | undefined, max: number | undefined, unit: string) =>
  min === 1 && max === undefined && unit
    ? 'non-empty'
    : min !== undefined && max !== undefined
      ? `${min}–${max} ${unit}`
      : min !== undefined
        ? `≥ ${min} ${unit}`
        : max !== undefined
          ? `≤ ${max} ${unit}`
          : ''

/** A kind as a TypeScript-like type, with its limits. */
function describeKind(schema: JsonSchema, nestedDepth = 0): string {
  if (schema.anyOf) return schema.anyOf.map((member) => describeKind(member, nestedDepth)).join(' or ')
  if (schema.const !== undefined) return code(JSON.stringify(schema.const))
  if (schema.enum) return schema.enum.map((value) => code(`'${value}'`)).join(' \\| ')
  const limits = (parts: string[]) => {
    const shown = parts.filter(Boolean)
    return shown.length ? ` (${shown.join(', ')})` : ''
  }
  switch (schema.type) {
    case 'string':
      return `string${limits([range(schema.minLength, schema.maxLength, 'characters'), schema.pattern ? 'pattern below' : ''])}`
    case 'integer':
    case 'number': {
      const max = schema.maximum === Number.MAX_SAFE_INTEGER ? undefined : schema.maximum
      return `${schema.type}${limits([range(schema.minimum, max, '')])}`.replace(' )', ')')
    }
    case 'boolean':
      return 'boolean'
    case 'array':
      return `array of ${describeKind(schema.items ?? {}, nestedDepth)}${limits([range(schema.minItems, schema.maxItems, 'items')])}`
    case 'object': {
      if (schema.propertyNames)
        return `object: ${describeKind(schema.propertyNames, nestedDepth)} → ${describeKind(
          (schema.additionalProperties as JsonSchema) ?? {},
          nestedDepth,
        )}`
      const names = Object.keys(schema.properties ?? {})
      if (!names.length) return 'object'
      if (nestedDepth > 0) return 'object (below)'
      const required = new Set(schema.required ?? [])
      return `{ ${names.map((name) => `${name}${required.has(name) ? '' : '?'}`).join(', ')} }`
    }
    default:
      return 'any'
  }
}

interface Row {
  path: string
  kind: string
  required: boolean
  default: string
  description: string
  pattern?: string
}

/** The rows of the reference: each option, and each property of an option that is an object schema. */
export function optionRows(root: string): Row[] {
  const docs = readSchemaDocs(root)
  const json = z.toJSONSchema(WalletFrameOptionsSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  const missing: string[] = []
  const rows: Row[] = []
  const walk = (schema: JsonSchema, properties: Map<string, PropertyDoc>, prefix: string, depth: number) => {
    const required = new Set(schema.required ?? [])
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const path = `${prefix}${name}`
      const doc = properties.get(name)
      if (!doc?.description) missing.push(path)
      const nested = doc?.nested && docs.get(doc.nested.schema)
      const item = doc?.nested?.array ? property.items : property
      const nestedJson = item?.properties ? item : undefined
      const pattern = property.pattern ?? property.items?.pattern ?? property.propertyNames?.pattern
      rows.push({
        path,
        kind: describeKind(property, nested && nestedJson && depth === 0 ? 1 : 0),
        required: required.has(name),
        default: doc?.default ?? '',
        description: doc?.description ?? '',
        ...(pattern ? { pattern } : {}),
      })
      if (nested && nestedJson && depth === 0)
        walk(nestedJson, nested, `${path}${doc?.nested?.array ? '[]' : ''}.`, depth + 1)
    }
  }
  walk(json, docs.get('WalletFrameOptionsSchema')!, '', 0)
  if (missing.length)
    throw new Error(
      `options without a description (write a JSDoc comment above the property in packages/protocol/src/entities): ${missing.join(', ')}`,
    )
  return rows
}

export function renderOptionsReference(root: string): string {
  const rows = optionRows(root)
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  const table = rows.map(
    (row) =>
      `| ${code(row.path)} | ${row.kind} | ${row.required ? '**required**' : cell(row.default) || '—'} | ${cell(row.description)} |`,
  )
  const patterns = rows.filter((row) => row.pattern)
  return `<!-- Generated by \`npm run docs:options\` (scripts/docs/options-reference.ts) from WalletFrameOptionsSchema: do not edit; scripts/docs/options-reference.test.ts fails when it is stale. -->

# Options reference

Every option \`createWalletFrame(options)\` takes (and so \`<WalletFrameProvider options>\`,
\`createWalletFramePlugin(options)\` and \`walletFrame(options)\` of wagmi, which pass them on),
written from the one schema that checks them: \`WalletFrameOptionsSchema\` in
\`packages/protocol/src/entities/options.ts\`. Kinds and limits are the schema's own; descriptions and
defaults are its JSDoc. The SDK checks each option's kind as you call it and throws a
\`WalletFrameError\` (code -32602) naming the wrong one; the modal parses the rest (lengths,
patterns) with the same schema.

An option with no default shown is off or empty when left out.

| Option | Kind | Default | What it does |
| --- | --- | --- | --- |
${table.join('\n')}

## Patterns

The strings below must match their pattern (JavaScript regular expressions):

| Option | Pattern |
| --- | --- |
${patterns.map((row) => `| ${code(row.path)} | ${code(row.pattern!)} |`).join('\n')}
`
}
