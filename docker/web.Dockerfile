# syntax=docker/dockerfile:1.7
# The store's web front: the built React app served by nginx as an unprivileged user, /api proxied to the
# API service (docker/nginx.conf). Build from the repository root:
#   docker build -f docker/web.Dockerfile -t tshirt-store-web .
# docker/test/nginx.test.mjs runs docker/nginx.conf, rendered with this file's ENV, with Debian's nginx.

ARG NODE_IMAGE=node:24-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:stable-alpine

# --- build: `nx run web:build`'s command ---------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs/contract/package.json libs/contract/
RUN --mount=type=cache,target=/root/.npm npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json ./
COPY libs/contract/ libs/contract/
COPY apps/web/ apps/web/
RUN node node_modules/vite/bin/vite.js build --config apps/web/vite.config.ts --logLevel warn && node node_modules/vite/bin/vite.js build --config apps/web/vite.config.ts --logLevel warn --ssr src/entry-server.tsx

# --- runtime ----------------------------------------------------------------------------------------
FROM ${NGINX_IMAGE} AS runtime
# Read by the image's entrypoint to render /etc/nginx/templates/*.template (see docker/nginx.conf).
ENV API_UPSTREAM=api:3000 \
    NGINX_PORT=8080 \
    WEB_ROOT=/usr/share/nginx/html
USER root
RUN rm -rf /usr/share/nginx/html/*
USER nginx
COPY docker/nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/apps/web/dist/ /usr/share/nginx/html/
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD wget -q -O /dev/null "http://127.0.0.1:${NGINX_PORT}/index.html" || exit 1
