import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ at `/`; in dev, Vite proxies the API and the socket to a running server.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
