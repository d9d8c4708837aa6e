/**
 * The canonical form of a server URL, used to key sessions: `http(s)://host[:port][/path]` without a trailing
 * slash, query or fragment, host lower-cased, default ports dropped. Null when the text is not such a URL.
 */
export function normalizeServerUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}
