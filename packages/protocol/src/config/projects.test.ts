import { describe, expect, it } from 'vitest'
import { MAX_PROJECT_ID_LENGTH } from '../constants.ts'
import { assertUniqueProjectIds, parseProjectsFile, toProjectEntry } from './projects.ts'

const WHERE = 'WF_PROJECTS_FILE /etc/wf/projects.json'
const parse = (value: unknown) => parseProjectsFile(JSON.stringify(value), WHERE)

describe('parseProjectsFile', () => {
  it('reads the projects with their origins normalised and listed once', () => {
    expect(
      parse([
        { projectId: 'shop', allowedOrigins: ['https://Shop.Example:443/path', 'https://shop.example'] },
        { projectId: 'dev', allowedOrigins: ['http://127.0.0.1:5173/'] },
      ]),
    ).toEqual([
      { projectId: 'shop', allowedOrigins: ['https://shop.example'] },
      { projectId: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] },
    ])
    expect(parse([])).toEqual([])
  })

  it.each([
    ['not JSON', '{', /^WF_PROJECTS_FILE \/etc\/wf\/projects\.json: cannot read it as JSON/],
    [
      'not an array',
      '{"projectId":"x"}',
      /projects\.json: expected an array of \{ projectId, allowedOrigins \}/,
    ],
    ['an entry not an object', '[null]', /projects\.json \[0\]: expected an object/],
    [
      'no projectId',
      '[{"allowedOrigins":["https://a.example"]}]',
      /\[0\]: projectId must be a string of 1-128/,
    ],
    ['an empty projectId', '[{"projectId":"","allowedOrigins":["https://a.example"]}]', /\[0\]: projectId/],
    [
      'a projectId too long',
      JSON.stringify([
        { projectId: 'x'.repeat(MAX_PROJECT_ID_LENGTH + 1), allowedOrigins: ['https://a.example'] },
      ]),
      /\[0\]: projectId/,
    ],
    ['no origins', '[{"projectId":"x"}]', /\[0\]: allowedOrigins must be a non-empty array/],
    [
      'empty origins',
      '[{"projectId":"x","allowedOrigins":[]}]',
      /\[0\]: allowedOrigins must be a non-empty array/,
    ],
    [
      'the "null" origin',
      '[{"projectId":"a","allowedOrigins":["https://a.example"]},{"projectId":"x","allowedOrigins":["null"]}]',
      /\[1\]: "null" is not an http\(s\) origin \(the "null" origin is never allowed\)/,
    ],
    [
      'a non-http origin',
      '[{"projectId":"x","allowedOrigins":["data:text/html,x"]}]',
      /\[0\]: "data:text\/html,x" is not an http\(s\) origin/,
    ],
    [
      'not an origin',
      '[{"projectId":"x","allowedOrigins":["not an origin"]}]',
      /\[0\]: "not an origin" is not an http\(s\) origin/,
    ],
    [
      'an origin not a string',
      '[{"projectId":"x","allowedOrigins":[42]}]',
      /\[0\]: "42" is not an http\(s\) origin/,
    ],
    [
      'a duplicate projectId',
      '[{"projectId":"x","allowedOrigins":["https://a.example"]},{"projectId":"x","allowedOrigins":["https://b.example"]}]',
      /projects\.json: duplicate projectId "x"/,
    ],
  ])('refuses %s with an error naming the file and the entry', (_what, text, message) => {
    expect(() => parseProjectsFile(text, WHERE)).toThrow(message)
  })
})

describe('signInOrigins (the data API: issue 12, dapp origins accepted for wallet sign-in)', () => {
  it('are normalised and listed once; absent means sign-in is not enabled', () => {
    const [entry] = parse([
      {
        projectId: 'shop',
        allowedOrigins: ['https://modal.example'],
        signInOrigins: ['https://Shop.Example/', 'https://shop.example'],
      },
    ])
    expect(entry).toEqual({
      projectId: 'shop',
      allowedOrigins: ['https://modal.example'],
      signInOrigins: ['https://shop.example'],
    })
    expect(parse([{ projectId: 'x', allowedOrigins: ['https://a.example'] }])[0]).not.toHaveProperty(
      'signInOrigins',
    )
  })

  it('refuses an entry that is not an http(s) origin, naming the entry', () => {
    expect(() =>
      parse([
        { projectId: 'x', allowedOrigins: ['https://a.example'], signInOrigins: ['javascript:alert(1)'] },
      ]),
    ).toThrow(/projects\.json \[0\]: .*not an http\(s\) origin/)
  })
})

describe('toProjectEntry', () => {
  it('checks one entry like an entry of the file', () => {
    expect(
      toProjectEntry({ projectId: 'dev', allowedOrigins: ['HTTP://127.0.0.1:5173'] }, 'dev project'),
    ).toEqual({
      projectId: 'dev',
      allowedOrigins: ['http://127.0.0.1:5173'],
    })
    expect(() => toProjectEntry({ projectId: 'dev', allowedOrigins: ['null'] }, 'dev project')).toThrow(
      /^dev project: "null" is not an http\(s\) origin/,
    )
  })
})

describe('assertUniqueProjectIds', () => {
  it('refuses two projects with one id, naming where', () => {
    const entry = { projectId: 'dev', allowedOrigins: ['https://a.example'] }
    expect(assertUniqueProjectIds([entry], 'registry')).toEqual([entry])
    expect(() => assertUniqueProjectIds([entry, entry], 'registry')).toThrow(
      'registry: duplicate projectId "dev"',
    )
  })
})
