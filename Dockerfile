# syntax=docker/dockerfile:1
# The product's web server as a container: built in one stage, run from another with production
# dependencies only, as an unprivileged user. Migrations are a separate release step (docs/deploy.md):
#   docker run --rm -e DATABASE_URL=… <image> npm run db:migrate
# The build bakes in the browser settings (site address, analytics ids): pass them as build arguments.

FROM node:20.19.5-bookworm-slim AS base
ENV NEXT_TELEMETRY_DISABLED=1
WORKDIR /app

# Every workspace's dependencies, development ones included, for the build.
FROM base AS deps
COPY package.json package-lock.json ./
COPY apps/web/package.json apps/web/
COPY packages/analytics/package.json packages/analytics/
COPY packages/api/package.json packages/api/
COPY packages/billing/package.json packages/billing/
COPY packages/config/package.json packages/config/
COPY packages/db/package.json packages/db/
COPY packages/http/package.json packages/http/
COPY packages/identity/package.json packages/identity/
COPY packages/paywall/package.json packages/paywall/
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
ARG SITE_URL=http://localhost:8080
ARG SITE_NAME="The Business of Fashion"
ARG APP_ENV=prod
ENV SITE_URL=$SITE_URL SITE_NAME=$SITE_NAME APP_ENV=$APP_ENV EMBEDDED=1 NODE_ENV=production
COPY . .
RUN npm run build -w @bof/web

# Production dependencies only.
FROM base AS prod-deps
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/apps/web/package.json apps/web/
COPY --from=deps /app/packages packages
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

FROM base AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
COPY --from=prod-deps --chown=node:node /app/node_modules node_modules
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/packages packages
COPY --from=build --chown=node:node /app/content content
COPY --from=build --chown=node:node /app/apps/web apps/web
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
WORKDIR /app/apps/web
# SIGTERM drains in-flight requests (SHUTDOWN_TIMEOUT_MS) before the process ends.
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "server.ts"]
