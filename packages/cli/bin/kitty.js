#!/usr/bin/env node
// The `kitty` command: the TypeScript source run through tsx (no build step inside the workspace).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
