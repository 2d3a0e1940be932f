import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { capturePageInDev } from './build/capturePage';
import { precompress } from './build/precompress';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), precompress(), capturePageInDev()],
  server: {
    port: 5173,
    // `npm run dev`: Vite serves the SPA with hot reload, the API runs beside it.
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Two pages: the back-office, and the public capture wizard with its own small bundle.
    rollupOptions: {
      input: { main: 'index.html', capture: 'capture.html' },
    },
  },
});
