# syntax=docker/dockerfile:1
# The service, the site, the widgets and the example pages in one image.
#   docker build --build-arg PUBLIC_URL=https://www.your-company.example -t ai-agent-widgets .
# docs/operations.md describes the settings, the compose file and rolling out.

# Build: Node 20 on Debian bookworm, which has python3, make and g++ for better-sqlite3's native module.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY server/package.json server/
RUN npm ci --no-audit --no-fund
COPY . .
# The prerendered pages carry the public address (canonical links, Open Graph, sitemap.xml, robots.txt).
ARG PUBLIC_URL=https://www.aurelo.example
ENV PUBLIC_URL=${PUBLIC_URL}
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# Run: only what the service needs, as the unprivileged node user.
FROM node:20-bookworm-slim
WORKDIR /app
ENV HOST=0.0.0.0 PORT=4173 DATABASE_PATH=/app/data/service.sqlite NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/server/package.json server/
COPY --from=build /app/node_modules node_modules/
COPY --from=build /app/dist dist/
# The example pages are served as they are; run.mjs runs the command-line tools (npm run -s export-leads …).
COPY --from=build /app/examples examples/
COPY --from=build /app/server/run.mjs server/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 4173
# Slim images have no curl: Node's own fetch asks the service.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
