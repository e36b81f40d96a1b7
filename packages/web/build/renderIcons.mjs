// Renders the app icons of public/icons (the manifest's 192 and 512 px, the maskable 512 px and the
// 180 px apple-touch-icon) from the favicon's drawing, with the browser the tests use. Run once after a change:
//   node packages/web/build/renderIcons.mjs
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const GLYPH =
  "<path d='M10 12.5c0-1.4 1.1-2.5 2.5-2.5h7c1.4 0 2.5 1.1 2.5 2.5V22a3 3 0 0 1-3 3h-6a3 3 0 0 1-3-3z' fill='none' stroke='#fff' stroke-width='2'/>" +
  "<path d='M12 7h8' stroke='#fff' stroke-width='2' stroke-linecap='round'/><circle cx='16' cy='18' r='2.6' fill='#fff'/>";
const INDIGO = '#4338ca';

/** The favicon: a rounded square. */
const rounded = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' rx='7' fill='${INDIGO}'/>${GLYPH}</svg>`;
/** Full bleed, the drawing inside the middle 70% (a maskable icon's safe zone is the middle 80% circle). */
const maskable = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' fill='${INDIGO}'/><g transform='translate(16 16) scale(0.72) translate(-16 -16)'>${GLYPH}</g></svg>`;
/** iOS rounds the corners itself: a full square. */
const square = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect width='32' height='32' fill='${INDIGO}'/><g transform='translate(16 16) scale(0.85) translate(-16 -16)'>${GLYPH}</g></svg>`;

const out = join(import.meta.dirname, '../public/icons');
const icons = [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', square, 180],
];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [name, svg, size] of icons) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width='${size}' height='${size}' `);
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
  writeFileSync(join(out, name), await page.locator('svg').screenshot({ omitBackground: true }));
}
await browser.close();
