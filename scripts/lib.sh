#!/usr/bin/env bash
# Shared steps of the start and test scripts: make a fresh Debian machine able to run Kitty.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\n==> %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "Need root for: $*" >&2; return 1; fi
}

apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}

ensure_node() {
  if command -v node >/dev/null 2>&1 && node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'; then
    return
  fi
  echo "Kitty needs Node.js 20.19 or newer (found: $(node --version 2>/dev/null || echo none))." >&2
  echo "Install it (for example from nodejs.org or your distribution's backports) and run this again." >&2
  exit 1
}

ensure_pnpm() {
  if ! command -v pnpm >/dev/null 2>&1; then
    log "Installing pnpm"
    npm install -g pnpm@12 >/dev/null
  fi
}

install_deps() {
  log "Installing dependencies"
  CI=true pnpm install --frozen-lockfile
}

ensure_chromium() {
  if [ ! -x /usr/bin/chromium ]; then
    log "Installing Chromium from Debian"
    apt_install chromium
  fi
}

ensure_postgres() {
  if command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432; then return; fi
  if [ -d /etc/postgresql ]; then
    log "Starting PostgreSQL"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  else
    log "Installing PostgreSQL from Debian"
    apt_install postgresql
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  fi
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && return
    sleep 1
  done
  echo "PostgreSQL is not answering at 127.0.0.1:5432; the PostgreSQL tests need it." >&2
  exit 1
}

ensure_redis() {
  if command -v redis-cli >/dev/null 2>&1 && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then return; fi
  if ! command -v redis-server >/dev/null 2>&1; then
    log "Installing Redis from Debian"
    apt_install redis-server
  fi
  log "Starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null || true
  for _ in $(seq 1 30); do
    redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && return
    sleep 1
  done
  echo "Redis is not answering at 127.0.0.1:6379; the shared rate-limit tests need it." >&2
  exit 1
}
