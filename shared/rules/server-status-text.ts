// Traffic Ops' answer to a status change ends with "and queued updates on all child caches" for every EDGE and
// MID (its text, kept by the API for its clients). An EDGE has no child caches: the surfaces people read say what
// happened instead (issue 33 item 6).

const TO_CHILDREN = ' and queued updates on all child caches';

/** A status-change alert as people should read it, given the type of the server it was about. */
export function statusAlertText(text: string, serverType: string): string {
  if (!text.endsWith(TO_CHILDREN)) return text;
  const head = text.slice(0, -TO_CHILDREN.length);
  if (serverType.toUpperCase().startsWith('EDGE')) return `${head} (an EDGE has no child caches: nothing was queued)`;
  return `${head} and queued updates on the caches below it (its child cache groups)`;
}
