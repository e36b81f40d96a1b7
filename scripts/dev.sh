#!/usr/bin/env bash
# Server (watch mode) on port 3000 and the Vite dev server with hot reload, which proxies /api to it.
source "$(dirname "$0")/lib.sh"
trap 'kill 0' EXIT
pnpm --filter @kitty/server dev &
pnpm --filter @kitty/web dev
