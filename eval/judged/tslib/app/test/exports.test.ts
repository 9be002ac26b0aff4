import { expect, it } from 'vitest';
import * as api from '../src/index.js';

it('exposes the public API only', () => {
  expect(Object.keys(api).sort()).toMatchInlineSnapshot();
});
