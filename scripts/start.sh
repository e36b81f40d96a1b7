#!/usr/bin/env bash
# Install everything Kitty needs and start it on the embedded database (PGlite in ./data).
source "$(dirname "$0")/lib.sh"
ensure_node
ensure_pnpm
install_deps
log "Building the web app"
pnpm run build
log "Starting Kitty"
exec pnpm --filter @kitty/server start
