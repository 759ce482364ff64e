import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ at `/`; in dev, Vite proxies the API and the socket to a running server.
export default defineConfig({
  plugins: [react()],
  // No modulepreload polyfill (its code is part of the lobby's budgeted first load, issue 41): a browser without
  // modulepreload (Safari before 17) still loads the chunks, through the imports, only without the head start.
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, modulePreload: { polyfill: false } },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
