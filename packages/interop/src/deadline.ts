/** A step that did not finish in time or that a client refused; the message says which. */
export class StepError extends Error {}

/** `promise`, or a StepError with `message` after `ms`; `onLate` lets the caller stop waiting. */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  message: string,
  onLate?: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate?.()
      reject(new StepError(`${message} (within ${ms} ms)`))
    }, ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}
