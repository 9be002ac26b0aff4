import { formatDuration } from '../dist/index.js';
if (formatDuration({ minutes: 1 }) !== '1 minute') throw new Error('ESM build is broken');
console.log('esm ok');
