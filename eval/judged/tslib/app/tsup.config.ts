import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'locales/en': 'src/locale/data/en.ts',
    'locales/fr': 'src/locale/data/fr.ts',
    'locales/de': 'src/locale/data/de.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2020',
});
