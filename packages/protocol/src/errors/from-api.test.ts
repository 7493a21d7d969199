import { describe, expect, it } from 'vitest'
import { API_ERRORS } from '../api/errors.ts'
import { alertForError, fromApiErrorBody } from './from-api.ts'
import { ALERTS } from './messages.ts'

describe('fromApiErrorBody', () => {
  it('turns every API error body into a modal error with its reason and HTTP status', () => {
    for (const entry of Object.values(API_ERRORS)) {
      const error = fromApiErrorBody(entry.status, { code: entry.code, message: entry.message }, 'GET /x')
      expect(error).toMatchObject({ reason: entry.reason, code: entry.status, shortMessage: entry.message })
      expect(error.details).toBe(`GET /x: ${entry.status} ${entry.code}`)
    }
  })

  it('turns a body that is not an API error into HttpRequestFailed with the status', () => {
    expect(fromApiErrorBody(502, '<html>bad gateway</html>')).toMatchObject({
      reason: 'HttpRequestFailed',
      code: 502,
    })
  })

  it('maps an unknown or missing project to its alert, and nothing else to an alert', () => {
    const missing = API_ERRORS.projectIdMissing
    const invalid = API_ERRORS.projectIdInvalid
    expect(alertForError(fromApiErrorBody(missing.status, missing))).toBe(ALERTS.projectIdNotConfigured)
    expect(alertForError(fromApiErrorBody(invalid.status, invalid))).toBe(ALERTS.invalidProjectId)
    expect(alertForError(fromApiErrorBody(500, API_ERRORS.internal))).toBeUndefined()
    expect(alertForError(new Error('x'))).toBeUndefined()
  })
})
