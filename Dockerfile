# One image for the server replicas and the job worker (the last stage, built by default), and
# one for the load balancer of docker-compose.yml (`--target lb`).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared-contracts/package.json shared-contracts/
COPY server/package.json server/
COPY client/package.json client/
# The locked versions; `npm install` rather than `npm ci` because the lock file may lack other
# platforms' optional binaries (the registry it was made against does not carry them all).
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts ./scripts
COPY shared-contracts ./shared-contracts
COPY server ./server
COPY client ./client
RUN npm run build && npm prune --omit=dev

# The load balancer: nginx with its configuration and the client's hashed assets with their
# precompressed copies (.gz, .br), which it serves itself; the rest goes to the replicas.
FROM nginx:1.27 AS lb
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/client/dist/assets /usr/share/nginx/seyirlik/assets

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/shared-contracts/package.json ./shared-contracts/
COPY --from=build /app/shared-contracts/dist ./shared-contracts/dist
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
# The demo catalog and its sample clips (served at /media/demo/, importable with the catalog CLI).
COPY --from=build /app/server/assets ./server/assets
COPY --from=build /app/client/dist ./client/dist
USER node
EXPOSE 3000
# The V8 flags of server/node-flags.json.
CMD ["node", "--min-semi-space-size=16", "--no-memory-reducer", "server/dist/main.js"]
