/**
 * The policy this page is served with (issue 13 §7): only its own files, and frames only from the
 * modal host. No 'unsafe-inline', no 'unsafe-eval': the SDK is bundled into the page's own script,
 * and the page's config is JSON data, not a script.
 */
export const strictCsp = (modalOrigin: string) => `default-src 'self'; frame-src ${modalOrigin}`
