import { useEffect, useState } from './vendor/preact-htm.js';
import { adminCall } from './api.js';

/** A journal entry as the session sees it: its token without the session's prefix. */
function withoutPrefix(prefix) {
  return (row) => (row.token?.startsWith(prefix) ? { ...row, token: row.token.slice(prefix.length) } : row);
}

/**
 * The report and requests of the session the page is filtered to, read from
 * GET /sessions/{id}/report and /requests when it is chosen and again whenever its request count
 * moves (the `sessions` event carries the count), so a watched session is not read, and so not
 * kept alive, by the page alone. `onGone(id)` when the session is not live any more (a 404).
 */
export function useSessionData(id, requests, onGone) {
  const [data, setData] = useState(null);
  useEffect(() => {
    if (id === null) return undefined;
    let stale = false;
    (async () => {
      const path = `/sessions/${encodeURIComponent(id)}`;
      const report = await adminCall('GET', `${path}/report`);
      if (stale) return;
      if (report.status === 404) return onGone(id);
      if (!report.ok) return;
      const journal = await adminCall('GET', `${path}/requests`);
      if (stale) return;
      const prefix = report.body.session.prefix;
      const rows = journal.ok ? journal.body.requests.map(withoutPrefix(prefix)) : [];
      setData({ id, prefix, report: report.body, rows });
    })();
    return () => void (stale = true);
  }, [id, requests]);
  return data?.id === id ? data : null;
}
