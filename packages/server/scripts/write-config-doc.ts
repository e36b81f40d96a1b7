// Writes CONFIG.md from src/config-vars.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderConfigMarkdown } from '../src/config-vars';

writeFileSync(join(import.meta.dirname, '../CONFIG.md'), renderConfigMarkdown());
