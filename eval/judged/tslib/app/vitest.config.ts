import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/locale/data/**'],
      thresholds: { lines: 95, branches: 90, functions: 95, statements: 95 },
    },
  },
});
