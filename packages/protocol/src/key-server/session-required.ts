/**
 * The one key-server error the modal itself reads (a session gone: spec §8 Session Expired), in a
 * module of its own: errors.ts builds its tables at load, so importing anything from it brings the
 * whole key-server catalogue into the modal's first chunk.
 */
export const KEY_SERVER_SESSION_REQUIRED = {
  reason: 'KeyServerSessionRequired',
  status: 401,
  code: 'SESSION_REQUIRED',
  message: 'Sign in first',
} as const
