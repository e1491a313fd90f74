export { default } from '../../../apps/api/test/support/global-teardown.mjs';
