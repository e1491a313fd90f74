/** `node --import ./apps/api/test/support/ts-register.mjs apps/api/src/main.ts`: the API from source, as a process. */
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
