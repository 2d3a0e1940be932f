/*
 * The capture page's first request for the camera (the selfie step: front camera, 1280x720),
 * made while the page's code is still downloading: a phone's camera takes longer to open than
 * that code takes to arrive. The wizard's own request then finds the camera open, and
 * src/capture/earlyCamera.ts lets this stream go. A plain script (capture.html loads it async):
 * a module would wait for the whole bundle. Same constraints as CameraStep's selfie step.
 */
(function () {
  var media = navigator.mediaDevices;
  if (!media || !media.getUserMedia) return;
  if (location.pathname.indexOf('/automatic-address-verification/') !== 0) return;
  var early = media
    .getUserMedia({ audio: false, video: { width: 1280, height: 720, facingMode: 'user' } })
    .catch(function () {
      return null;
    });
  window.captureEarlyCamera = early;
  // Let go anyway if the wizard never takes over (a dead link, a photo already taken).
  setTimeout(function () {
    early.then(function (stream) {
      if (stream)
        stream.getTracks().forEach(function (track) {
          track.stop();
        });
    });
  }, 15000);
})();
