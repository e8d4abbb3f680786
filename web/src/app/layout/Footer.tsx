import { ServerVersion } from '../../features/server-status/components/ServerVersion';
import { isDebugMode } from '../../lib/debug';
import { BrandMark } from '../../lib/ui/BrandMark';
import { useHydrated } from '../../lib/hydration';

export function Footer() {
  // Debug mode is the browser's own setting: a pre-rendered page learns it once hydrated.
  const debug = useHydrated() && isDebugMode();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <span className="footer__brand">
          <BrandMark size={18} />
          Tandem · web {__APP_VERSION__}
        </span>
        <span className="footer__note">Keys stay in your wallet. This server never sees them.</span>
        {debug && (
          <span className="footer__debug" title="Error details open by default; API calls are logged to the console. Add ?debug=0 to the address to turn it off.">
            Debug mode
          </span>
        )}
        <ServerVersion />
      </div>
    </footer>
  );
}
