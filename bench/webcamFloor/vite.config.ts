import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../build/precompress';

/**
 * The floor page of the capture benchmark (a page with react-webcam alone), built like the app:
 * same React plugin, same pre-compression. bench/capture.ts builds it into a temporary folder.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: { sourcemap: false },
});
