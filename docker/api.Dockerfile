# syntax=docker/dockerfile:1.7
# The store's API: NestJS on Node 24, production dependencies only, as the unprivileged `node` user.
# Build from the repository root:  docker build -f docker/api.Dockerfile -t tshirt-store-api .
#
# docker/test/production-start.test.mjs replays the runtime stage of this file (its COPY, RUN, ENV,
# HEALTHCHECK and CMD, in order) in a temporary folder and starts the API from it, and checks that the
# build stage compiles with the same commands as `nx run api:build`. Keep each instruction plain.

ARG NODE_IMAGE=node:24-slim

# --- build: compile the contract library and the API with the whole toolchain -------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs/contract/package.json libs/contract/
# Compiling needs no install script (they fetch a Node for old machines, native parts of test tools).
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY libs/contract/ libs/contract/
# The web app too (`nx run web:build`'s command): the API renders the public pages from its server entry
# (apps/web/dist-server) into its index.html (apps/web/dist); docs/web.md, Server rendering. The lines up to
# here are docker/web.Dockerfile's build stage, word for word, so that a layer cache can hand one image's web build
# to the other; and a change to the API alone reruns only what follows.
COPY apps/web/ apps/web/
RUN node node_modules/vite/bin/vite.js build --config apps/web/vite.config.ts --logLevel warn && node node_modules/vite/bin/vite.js build --config apps/web/vite.config.ts --logLevel warn --ssr src/entry-server.tsx
COPY apps/api/ apps/api/
RUN node node_modules/typescript/bin/tsc -p libs/contract/tsconfig.json \
 && node node_modules/typescript/bin/tsc -p apps/api/tsconfig.build.json

# --- runtime ----------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000
WORKDIR /app
# The workspace manifest and lock: `npm ci` links node_modules/@store/contract -> libs/contract.
COPY package.json package-lock.json .npmrc ./
COPY libs/contract/package.json libs/contract/
# Runtime dependencies only; argon2's install script picks its prebuilt binary, sharp's comes from @img/*.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
# apps/api/package.json says "type": "module" for the compiled ESM.
COPY apps/api/package.json apps/api/
COPY --from=build /app/libs/contract/dist/ libs/contract/dist/
COPY --from=build /app/apps/api/dist/ apps/api/dist/
COPY --from=build /app/apps/web/dist/ apps/web/dist/
COPY --from=build /app/apps/web/dist-server/ apps/web/dist-server/
# The built web app, for the pages the API renders (nginx sends /, /product/*, robots.txt and the sitemap here).
# With it, PUBLIC_URL is required: the pages' canonical and preview URLs are built from it.
ENV WEB_DIST=apps/web/dist

# Everything above belongs to root and is read-only for the process.
USER node
EXPOSE 3000
# Liveness (/api/health/live: the process answers), not readiness (/api/health: the database answers too):
# a database outage must not get healthy API containers restarted; the API recovers by itself when it returns.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: stop accepting, finish in-flight requests, close the database pool, exit 0.
STOPSIGNAL SIGTERM
# Pending migrations run at start (TypeORM migrationsRun). One-shot instead, before rolling out replicas:
#   docker run --rm --env-file .env tshirt-store-api node apps/api/dist/database/migrate.js
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
