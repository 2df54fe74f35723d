#!/usr/bin/env node
// The CLI runs from its TypeScript sources through tsx, so `npx rwb` works right after `npm install`.
import { tsImport } from 'tsx/esm/api';

await tsImport('../workers/cli.ts', import.meta.url);
