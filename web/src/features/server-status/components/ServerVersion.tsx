import { useHealth } from '../api/health';

/** The running server's version, for bug reports; says so when the server is not answering. */
export function ServerVersion() {
  const health = useHealth();
  if (health.isPending) return <span className="server-version">Checking server…</span>;
  if (health.isError) {
    return (
      <span className="server-version server-version--down" title={health.error.message}>
        Server unavailable
      </span>
    );
  }
  return (
    <span className="server-version">
      <span className="status-dot" aria-hidden="true" />
      Server {health.data.version}
    </span>
  );
}
