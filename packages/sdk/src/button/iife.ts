/**
 * Entry of the element's drop-in build: a `<script>` after the SDK's defines `<walletframe-button>`;
 * the page then sets each element's `walletFrame` property to the instance it made.
 */
import { defineWalletFrameButton } from './button.ts'

defineWalletFrameButton()
