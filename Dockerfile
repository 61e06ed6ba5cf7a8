# syntax=docker/dockerfile:1
# The Bahi server image (decision 0323): built with `npm ci && npm run build`, run as compiled
# JavaScript by plain node, as a non-root user. See compose.yaml for the whole deployment.
ARG NODE_IMAGE=node:20-bookworm-slim

# Production dependencies only. The web workspace's are among them: the docs page is rendered
# with React from the SSR build (apps/web/dist-ssr).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/market-data/package.json packages/market-data/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --ignore-scripts

# Everything, dev tools included, then the build: tsc for the server and its packages, Vite for the site.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/market-data/package.json packages/market-data/
COPY packages/client/package.json packages/client/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NODE_OPTIONS=--conditions=bahi-dist
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/market-data/dist packages/market-data/dist
COPY --from=build /app/packages/market-data/migrations packages/market-data/migrations
COPY --from=build /app/packages/client/dist packages/client/dist
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/server/migrations apps/server/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Ready means the database answers (/readyz); a fresh database loads first, hence the start period.
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The workspace packages resolve to their compiled dist/ through the bahi-dist condition (NODE_OPTIONS).
# The young generation keeps its size when idle, V8 makes no allocation site's objects old ahead
# of time, the old generation grows to twice what survived before it is marked again, and V8's
# background threads are as many as the container's cores less one, as `npm start` runs it
# (decisions 0340, 0346, 0349, 0352; Node refuses the first flags in NODE_OPTIONS).
CMD ["node", "--min-semi-space-size=16", "--no-allocation-site-pretenuring", "--heap-growing-percent=100", "--v8-pool-size=0", "apps/server/dist/main.js"]
