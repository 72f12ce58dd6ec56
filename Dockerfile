# DCF Console image: the Next.js console and (from the engine issue) the `dcf worker` process.
# Build: docker build -t dcf-console .     Run: see docker-compose.yml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx next build

FROM node:20-bookworm-slim
WORKDIR /app
# The demo calls' audio (issue 34): espeak-ng renders it, opus-tools compresses it, pocketsphinx transcribes it offline.
RUN apt-get update && apt-get install -y --no-install-recommends espeak-ng opus-tools pocketsphinx pocketsphinx-en-us \
  && rm -rf /var/lib/apt/lists/*
# NEXT_MANUAL_SIG_HANDLE: the console ends itself on SIGTERM after closing its database (server/shutdown.ts).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 NEXT_MANUAL_SIG_HANDLE=true PORT=3000
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# Migrations (and the first admin, from DCF_ADMIN_EMAIL/DCF_ADMIN_PASSWORD) before serving.
CMD ["bash", "-c", "node --import tsx scripts/setup.ts && exec npx next start -p \"$PORT\""]
