import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['burgee-source'] },
  ssr: { resolve: { conditions: ['burgee-source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 30_000,
    // The JSON report lets CI print one plain closing line of counts (`.ci/run`).
    reporters: ['default', ['json', { outputFile: '.vitest/results.json' }]],
    typecheck: { include: ['packages/*/src/**/*.test-d.ts'], tsconfig: './tsconfig.test.json' },
  },
});
