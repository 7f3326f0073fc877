import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['burgee-source'] },
  ssr: { resolve: { conditions: ['burgee-source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 30_000,
    typecheck: { include: ['packages/*/src/**/*.test-d.ts'], tsconfig: './tsconfig.test.json' },
  },
});
