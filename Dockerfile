# syntax=docker/dockerfile:1
# The service, the site, the widgets and the example pages in one image.
#   docker build --build-arg PUBLIC_URL=https://www.your-company.example -t ai-agent-widgets .
# docs/operations.md describes the settings, the compose file and rolling out.

# Node 24 LTS in both stages. Each base is pinned by the digest of its multi-platform index (linux/amd64,
# linux/arm64 and ppc64le), with its tag beside it for people: a rebuild gets the same bytes until someone
# moves the pin on purpose. These are the indexes docker-library/repo-info recorded for the tags
# (node:24-bookworm with Node 24.20.0, 2026-08-27; node:24-bookworm-slim with Node 24.19.0, 2026-08-25).
# To move a pin: docker buildx imagetools inspect node:24-bookworm-slim (the "Digest:" line).

# Build: Debian bookworm with python3, make and g++ for better-sqlite3's native module.
FROM node:24-bookworm@sha256:be23f54a88d34e8824c741b19b91064094f92c1c97b194144bfc8b50d67258e2 AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
# The prerendered pages carry the public address (canonical links, Open Graph, sitemap.xml, robots.txt).
ARG PUBLIC_URL=https://www.aurelo.example
ENV PUBLIC_URL=${PUBLIC_URL}
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: only what the service needs, as the unprivileged node user. The same Node major as the build, so
# better-sqlite3's native module (built for Node 24's ABI) loads.
FROM node:24-bookworm-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df
WORKDIR /app
ENV HOST=0.0.0.0 PORT=4173 DATABASE_PATH=/app/data/service.sqlite NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/server/package.json server/
COPY --from=build /app/node_modules node_modules/
COPY --from=build /app/dist dist/
# The example pages are served as they are; run.mjs runs the command-line tools (npm run -s export-leads …).
COPY --from=build /app/examples examples/
COPY --from=build /app/server/run.mjs server/
# SQLite's folder, owned by the service's user. No VOLUME here: an image-declared volume gives every
# container an anonymous volume, even those that keep everything in PostgreSQL (compose.yaml); a run
# on SQLite mounts a named one: docker run -v widgets-data:/app/data … (docs/operations.md).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4173
# Slim images have no curl: Node's own fetch asks the service.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
