import type { Database } from '@walletframe/db'
import type { AnalyticsEvent } from '@walletframe/protocol'
import { TtlCache } from '../cache.ts'

/**
 * Per-project analytics switch (GET /getAnalyticsConfig) and event storage (POST /e). The switch
 * is read from `analytics_settings`; a project without a row has analytics on.
 */
export class AnalyticsStore {
  readonly #db: Database
  readonly #enabled: TtlCache<boolean>

  constructor(db: Database, options: { ttlMs?: number } = {}) {
    this.#db = db
    // The modal asks on every open: one row read per project per minute at most.
    this.#enabled = new TtlCache<boolean>(options.ttlMs ?? 60_000)
  }

  isEnabled(projectId: string): Promise<boolean> {
    return this.#enabled.getOrLoad(projectId, async () => {
      const [row] = await this.#db.query<{ is_enabled: boolean }>(
        'SELECT is_enabled FROM analytics_settings WHERE project_id = $1',
        [projectId],
      )
      return row?.is_enabled ?? true
    })
  }

  /** For operators and tests; the cached answer is dropped so this process sees it at once. */
  async setEnabled(projectId: string, enabled: boolean): Promise<void> {
    await this.#db.query(
      `INSERT INTO analytics_settings (project_id, is_enabled) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET is_enabled = EXCLUDED.is_enabled`,
      [projectId, enabled],
    )
    this.#enabled.delete(projectId)
  }

  /** Stores the event once: a retried send with the same eventId is not counted twice. */
  async record(event: AnalyticsEvent, client: { projectId: string; st: string; sv: string }): Promise<void> {
    await this.#db.query(
      `INSERT INTO analytics_events
         (project_id, event_id, url, domain, client_timestamp, props, sdk_type, sdk_version)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
       ON CONFLICT (project_id, event_id) DO NOTHING`,
      [
        client.projectId,
        event.eventId,
        event.url,
        event.domain,
        event.timestamp,
        JSON.stringify(event.props),
        client.st,
        client.sv,
      ],
    )
  }
}
