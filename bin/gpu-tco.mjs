#!/usr/bin/env node
// The command line of the GPU TCO dashboard's engine (src/cli): the built file, so Node runs it
// without TypeScript. `npm run build:lib` (or `npm pack`) builds it.
import '../dist-lib/cli.js';
