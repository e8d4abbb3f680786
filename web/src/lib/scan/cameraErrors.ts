/**
 * The camera failures of spec §8 — approve access, no device, not HTTPS, in use,
 * other — read from what `getUserMedia` throws (DOMException names across browsers).
 */

export type CameraErrorKey =
  | 'antelope.camera.error_access'
  | 'antelope.camera.error_no_device'
  | 'antelope.camera.error_not_https'
  | 'antelope.camera.error_in_use'
  | 'antelope.camera.error_other';

/** Whether the page may ask for a camera at all: only a secure context has `mediaDevices`. */
export function cameraUnavailableReason(secureContext: boolean, hasMediaDevices: boolean): CameraErrorKey | null {
  if (!secureContext) return 'antelope.camera.error_not_https';
  if (!hasMediaDevices) return 'antelope.camera.error_no_device';
  return null;
}

export function cameraErrorKey(error: unknown): CameraErrorKey {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'antelope.camera.error_access';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'antelope.camera.error_no_device';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'antelope.camera.error_in_use';
    default:
      return 'antelope.camera.error_other';
  }
}
