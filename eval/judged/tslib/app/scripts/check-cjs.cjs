// Smoke test that the CJS build loads under require().
const tempo = require('../dist/index.cjs');
if (typeof tempo.formatDuration !== 'function') {
  console.error('CJS build is broken');
  process.exit(1);
}
console.log('cjs ok');
