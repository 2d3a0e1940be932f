/**
 * The camera stream public/capture-camera.js asked for before the wizard's code arrived. Once the
 * wizard's own camera shows (or the page has no camera to show), it is stopped: the device stays
 * open only for the wizard's stream.
 */
declare global {
  interface Window {
    captureEarlyCamera?: Promise<MediaStream | null>;
  }
}

export function releaseEarlyCamera() {
  const early = window.captureEarlyCamera;
  if (!early) return;
  window.captureEarlyCamera = undefined;
  void early.then((stream) => stream?.getTracks().forEach((track) => track.stop()));
}
