/**
 * Entry of the drop-in build: a plain `<script>` that defines `window.WalletFrame`. Assigned by
 * hand rather than with esbuild's `globalName`, whose CommonJS-style export helpers cost ~200 bytes.
 */
import { createWalletFrame } from './wallet-frame.ts'

;(globalThis as { WalletFrame?: object }).WalletFrame = { createWalletFrame }
