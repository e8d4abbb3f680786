import { ServerVersion } from '../../features/server-status/components/ServerVersion';
import { BrandMark } from '../../lib/ui/BrandMark';

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner">
        <span className="footer__brand">
          <BrandMark size={18} />
          Tandem · web {__APP_VERSION__}
        </span>
        <span className="footer__note">Keys stay in your wallet. This server never sees them.</span>
        <ServerVersion />
      </div>
    </footer>
  );
}
