// Makes the local base images (docker/bases/podman.mjs) and prints the build arguments that use them:
//   node docker/bases/build.mjs
//   podman build --build-arg NODE_IMAGE=... -f docker/api.Dockerfile -t tshirt-store-api .
import { BASES, ensureBases } from './podman.mjs';

const started = Date.now();
ensureBases();
console.log(`bases ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`--build-arg NODE_IMAGE=${BASES.node} --build-arg NGINX_IMAGE=${BASES.nginx}`);
console.log(`POSTGRES_IMAGE=${BASES.postgres}`);
