import { useLocation, useNavigate } from 'react-router';
import { Icon } from '../../lib/ui/icons';
import { navigationOrigin } from './model/navigationOrigin';
import { parentRouteOf } from './model/parentRoute';

/**
 * "Back" on child screens: returns to the previous page when the user came
 * from inside the app, else to the screen's parent (never out of the app).
 */
export function BackBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const parent = parentRouteOf(pathname);
  if (!parent) return null;

  const goBack = () => {
    if (navigationOrigin.cameFromInsideApp()) void navigate(-1);
    else void navigate(parent.path);
  };

  return (
    <div className="back-bar">
      <button type="button" className="button button--ghost" onClick={goBack}>
        <Icon name="arrowLeft" />
        Back to {parent.label}
      </button>
    </div>
  );
}
