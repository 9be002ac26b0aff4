import type { Config } from 'tailwindcss';

export default {
	content: ['./src/**/*.{html,js,svelte,ts}'],
	theme: {
		extend: {
			colors: {
				brand: { 50: '#eef6ff', 500: '#2563eb', 700: '#1d4ed8' }
			}
		}
	},
	plugins: []
} satisfies Config;
