import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Webcam from 'react-webcam';

// The benchmark's floor for the capture page: React and react-webcam alone, asking for the same
// camera as the wizard's first (selfie) step: 1280×720, front camera.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Webcam
      audio={false}
      playsInline
      videoConstraints={{ width: 1280, height: 720, facingMode: 'user' }}
    />
  </StrictMode>,
);
