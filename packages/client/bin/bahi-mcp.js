#!/usr/bin/env node
// The Bahi MCP server over stdio (src/mcp/stdio.ts); the TypeScript sources run through tsx.
import { register } from 'tsx/esm/api';

register();
await import('../src/mcp/main.ts');
