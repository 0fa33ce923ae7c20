# Vastra's production image (docs/deploy.md): the web app and the server bundle built in one stage,
# run as a non-root user with plain node in the next. Same image for every app replica.

# ---- build: install everything, build web/dist (+ dist-ssr) and server/dist/main.js
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- deps: production dependencies only (the bundles load npm packages from node_modules)
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# The server, and the web renderer in web/dist-ssr (it loads React from node_modules).
RUN npm ci --omit=dev --no-audit --no-fund --workspace server --workspace web --include-workspace-root

# ---- run: what the server reads at run time, owned by root, writable only where it must be
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    DATA_DIR=/app/data
COPY --from=deps /app /app
COPY --from=build /app/server/dist server/dist
# Migrations and the database functions (ADR 021) are read from the sources' folders at start.
COPY --from=build /app/server/src/db/migrations server/src/db/migrations
COPY --from=build /app/server/src/db/functions server/src/db/functions
# India's pincodes (ADR 024), read by the delivery module on first use.
COPY --from=build /app/server/assets server/assets
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/web/dist-ssr web/dist-ssr
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Plain node (no npm in between): SIGTERM reaches the server, which stops gracefully.
CMD ["node", "--min-semi-space-size=16", "--max-semi-space-size=16", "--heap-growing-percent=50", "server/dist/main.js"]
