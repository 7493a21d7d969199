/**
 * A committed list of known hits that may only shrink: a hit not in it is new, an entry no longer
 * found is stale (remove it, so the baseline stays exact). Both lists count repeats.
 */
export function compareWithBaseline(
  found: string[],
  baseline: string[],
): { added: string[]; stale: string[] } {
  const left = [...baseline]
  const added: string[] = []
  for (const hit of found) {
    const at = left.indexOf(hit)
    if (at === -1) added.push(hit)
    else left.splice(at, 1)
  }
  return { added, stale: left }
}
