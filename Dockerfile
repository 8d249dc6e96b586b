# auth-sim as a container: `npm run image` builds auth-sim:local. Details: docs/container.md.
# Few steps on purpose: every layer is a full copy on engines with the vfs storage driver.

# Build stage: dev dependencies compile TypeScript and write the schemas (npm ci runs `prepare`),
# then are pruned; /out holds exactly what the final stage adds.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm prune --omit=dev --no-audit --no-fund \
  && mkdir -p /out/app /out/usr/local/bin \
  && cp -a package.json node_modules bin dist schema /out/app/ \
  && cp -a scenarios /out/scenarios \
  && ln -s /app/bin/auth-sim.js /out/usr/local/bin/auth-sim

# Final stage: the base image plus production node_modules, dist, schema and the shipped
# scenarios (served from /scenarios when nothing is mounted there), owned by root, run as node.
# The settings come before the files so that a source change rebuilds only the last step.
FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
USER node
EXPOSE 8080
# No curl or wget in the image: node's own fetch asks the endpoint that stays open without the admin token.
HEALTHCHECK --interval=5s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/__admin/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 (exec form) and handles SIGTERM itself: `docker stop` lets in-flight requests
# finish (--shutdown-grace, 5 s by default, inside docker's 10 s) and exits 0.
# Every serve flag can follow the image name: `docker run auth-sim:local --seed 7`.
ENTRYPOINT ["node", "/app/bin/auth-sim.js", "serve", "--host", "0.0.0.0", "--scenarios", "/scenarios"]
CMD []
COPY --from=build /out/ /
