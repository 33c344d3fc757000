/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { inspectorPlugin } from './src/node/inspector-plugin.ts';

export default defineConfig({
  // under Vitest the plugin would start the mock server and keep the process alive
  plugins: process.env.VITEST ? [react()] : [react(), tailwindcss(), inspectorPlugin()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: false },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4173) },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'e2e/mock-server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
