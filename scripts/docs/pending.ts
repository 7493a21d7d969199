/**
 * The one list of things the docs show that this branch does not have yet (issue 13: other
 * branches build them at the same time). A block that imports one of these modules, uses one of
 * these custom elements or names one of these API identifiers is skipped with the reason given;
 * everything else in the docs is checked. The coordinator empties this list at merge; a test fails
 * as soon as an entry exists, so the list cannot outlive its reason.
 */
export type PendingEntry =
  | { kind: 'module' | 'element'; name: string; reason: string }
  /** A file the docs link to, by repository path. */
  | { kind: 'file'; name: string; reason: string }
  /** An identifier of the public API, pending until `definedIn` (a repository path) has it. */
  | { kind: 'identifier'; name: string; definedIn: string; reason: string }

export const PENDING: readonly PendingEntry[] = []

export const pendingModule = (specifier: string) =>
  PENDING.find(
    (entry) =>
      entry.kind === 'module' && (specifier === entry.name || specifier.startsWith(`${entry.name}/`)),
  )

export const pendingIdentifier = (code: string) =>
  PENDING.find((entry) => entry.kind === 'identifier' && new RegExp(`\\b${entry.name}\\b`).test(code))
