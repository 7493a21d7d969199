/**
 * The drop-in scripts' manifest (issue 13 §5): written by the SDK's build beside its bundles, read
 * by the modal host, which serves those files at `/sdk/<version>/<file>` (immutable, so a page may
 * pin them with Subresource Integrity).
 */

/** Its file name in the SDK's build folder (packages/sdk/dist). */
export const SCRIPT_TAG_MANIFEST_FILE = 'script-tag.json'

/** The URL path under which the modal host serves the SDK's files: `/sdk/<file>`, `/sdk/<version>/<file>`. */
export const SDK_PATH = '/sdk/'

export interface ScriptTagManifest {
  /** The SDK's package version: the versioned URL's segment. */
  version: string
  /** Each served file and its SRI value (`sha384-<base64>`). */
  integrity: Record<string, string>
}
