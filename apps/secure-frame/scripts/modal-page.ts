/**
 * A stand-in modal page for the screenshot capture: frames the key frame, says the protocol's hello
 * with a FrameInit, and offers `window.keyFrame.request(method, params)` over the agreed port.
 */
import { type FrameInit, HANDSHAKE, PROTOCOL_VERSION } from '@walletframe/protocol'

export function modalPage(keyFrameUrl: string, init: FrameInit): string {
  const settings = JSON.stringify({
    keyFrameUrl,
    init,
    hello: HANDSHAKE.helloType,
    version: PROTOCOL_VERSION,
  })
  return `<!doctype html><html><head><style>
  html,body{margin:0;background:#000}
  iframe{border:0;width:360px;height:560px;display:block}
</style></head><body>
<iframe id="key" allow="publickey-credentials-get *; publickey-credentials-create *"></iframe>
<script>
const settings = ${settings.replaceAll('<', '\\u003c')};
const frame = document.getElementById('key');
let port; let next = 0; const waiting = new Map();
window.keyFrame = {
  ready: new Promise((resolve) => {
    frame.addEventListener('load', () => {
      const channel = new MessageChannel();
      port = channel.port1;
      port.onmessage = (event) => {
        const data = event.data;
        if (data.type) return resolve(data);
        const pending = waiting.get(data.id);
        if (!pending) return;
        waiting.delete(data.id);
        data.ok ? pending.resolve(data.result) : pending.reject(data.error);
      };
      frame.contentWindow.postMessage(
        { type: settings.hello, versions: [settings.version], init: settings.init },
        new URL(settings.keyFrameUrl).origin, [channel.port2]);
    }, { once: true });
    frame.src = settings.keyFrameUrl;
  }),
  request(method, params) {
    const id = 'req-' + ++next;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      port.postMessage({ v: settings.version, id, kind: 'request', method, params });
    });
  },
};
</script></body></html>`
}

export function hostPage(modalUrl: string): string {
  return `<!doctype html><html><body style="margin:0;background:#444">
<iframe id="modal" src="${modalUrl}" allow="publickey-credentials-get *; publickey-credentials-create *"
  style="border:0;width:360px;height:560px;display:block"></iframe></body></html>`
}
