import pg from 'pg'
import { expect, it } from 'vitest'
import { startTestPostgres } from './postgres.ts'

it('gives each suite an empty database of its own and removes it on close', async () => {
  const [first, second] = await Promise.all([startTestPostgres(), startTestPostgres()])
  try {
    expect(first.url).not.toBe(second.url)
    const client = new pg.Client({ connectionString: first.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ tables: string }>(
        "SELECT count(*) AS tables FROM information_schema.tables WHERE table_schema = 'public'",
      )
      expect(rows[0]?.tables).toBe('0')
    } finally {
      await client.end()
    }
  } finally {
    await Promise.all([first.close(), second.close()])
  }
  const closed = new pg.Client({ connectionString: first.url })
  await expect(closed.connect()).rejects.toThrow()
}, 60_000)
