// The version the build writes into dist/ (scripts/build.mjs defines __VERSION__ from
// package.json), for the CLI run in-process from src/: the same answer to --version both ways.
import { readFileSync } from 'node:fs';

(globalThis as { __VERSION__?: string }).__VERSION__ = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
