/**
 * The log ring buffer behind `getLogs()` (spec §9 "Log buffer about 1 MB by default"): the SDK's
 * log lines and the modal's (`modal.log`), each prefixed with the time it was logged (ms since the
 * epoch), the oldest dropped first once the UTF-8 bytes of all lines pass `maxBytes`; echoed to
 * the console with `debug`. Kept tiny: the SDK's size is budgeted.
 */
export function createLog(maxBytes: number, debug?: boolean) {
  const lines: string[] = []
  let bytes = 0
  const size = (line: string) => new Blob([line]).size
  return {
    log(...args: unknown[]): void {
      const line = `${Date.now()} ${args.join(' ')}`
      lines.push(line)
      for (bytes += size(line); bytes > maxBytes; ) bytes -= size(lines.shift()!)
      if (debug) console.debug('[walletframe]', ...args)
    },
    lines: (): string[] => lines.slice(),
  }
}
