/** The camera messages of spec §8, word for word. */
export const cameraMessages = {
  noDevice: 'No camera device accessible. Please connect your camera or try a different browser.',
  permissionDenied: 'Permission denied. Please refresh and give camera permission.',
  onlyOneCamera:
    'It is not possible to switch camera to different one because there is only one video device accessible.',
  noCanvas: 'Canvas is not supported.',
} as const;

/** Not in the spec: the camera exists but another app holds it, or it failed to start. */
export const cameraBusyMessage =
  'The camera could not be started: another app may be using it. Close other camera apps and press Try again.';

/** The message for a getUserMedia failure (react-webcam passes a DOMException or a string). */
export function cameraErrorMessage(err: unknown): string {
  const name = typeof err === 'string' ? err : ((err as { name?: string } | null)?.name ?? 'Error');
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return cameraMessages.permissionDenied;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return cameraBusyMessage;
    default:
      // NotFoundError, DevicesNotFoundError, OverconstrainedError (after the fallback),
      // "getUserMedia not supported" and anything unknown: no usable camera.
      return cameraMessages.noDevice;
  }
}

/** Errors that mean "this constraint cannot be met": worth retrying with looser constraints. */
export const isConstraintError = (err: unknown): boolean => {
  const name = typeof err === 'string' ? err : (err as { name?: string } | null)?.name;
  return (
    name === 'OverconstrainedError' ||
    name === 'ConstraintNotSatisfiedError' ||
    name === 'NotFoundError'
  );
};

export const locationMessages = {
  denied:
    'Location permission was refused. Allow location for this site in your browser settings and press Capture again, or submit without GPS (the reviewer will see that it is missing).',
  unavailable:
    'Your location is not available right now. Turn on location (GPS), move to open sky and press Capture again, or submit without GPS (the reviewer will see that it is missing).',
  timeout:
    'Finding your location took too long. Press Capture again, or submit without GPS (the reviewer will see that it is missing).',
  unsupported:
    'This browser cannot give your location. You can submit without GPS (the reviewer will see that it is missing).',
} as const;

export function locationErrorMessage(err: GeolocationPositionError | null): string {
  if (!err) return locationMessages.unsupported;
  if (err.code === 1) return locationMessages.denied;
  if (err.code === 3) return locationMessages.timeout;
  return locationMessages.unavailable;
}
