// `npm test`'s images step: the store's images built with podman (buildStoreImages: the local bases, then the API
// and web images) ahead of the ops step, while the browser step runs, so the ops step starts on built images
// (docs/testing.md, How the steps run). Its builds keep to the host's network, so they add no interface that would
// make Chromium abort its requests. The ops step's global setup builds them itself when this step did not pass.
//   node docker/test/support/build-images.mjs
import { buildStoreImages } from './containers.mjs';

const report = buildStoreImages();
console.log(`images built (seconds: ${JSON.stringify(report.seconds)}; bytes: ${JSON.stringify(report.sizes)})`);
