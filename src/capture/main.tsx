import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CaptureApp } from './CaptureApp';
import { tokenFromPath } from './format';
import './capture.css';

// The capture wizard's own entry: plain React and react-webcam, no react-admin, no MUI.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CaptureApp token={tokenFromPath(window.location.pathname)} />
  </StrictMode>,
);
