#!/usr/bin/env node
// Kept tiny, and CommonJS (bin/package.json): Node's ES module loader alone costs ~8 ms of
// CPU per start on Node 20. --version answers without loading the bundle; everything else
// requires it (dist/ is CommonJS too, see scripts/build.mjs), with V8's code cache of it on
// (code-cache.js).
'use strict';
const first = process.argv[2];
if ((first === '--version' || first === '-V') && process.argv.length === 3) {
  const { readFileSync } = require('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(`${__dirname}/../package.json`, 'utf8')).version}\n`);
} else {
  require('./code-cache.js')();
  require('../dist/main.js');
}
