#!/usr/bin/env node
// The `burgee` command. A committed launcher, because npm links bins at install, before the build
// that makes dist/ has run; the binary itself is src/cli/main.ts, bundled to dist/cli.js.
import '../dist/cli.js';
