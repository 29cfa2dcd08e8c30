#!/bin/sh
# Runs a command inside a private D-Bus session with an unlocked GNOME Keyring (a real Secret
# Service) and a throwaway HOME, so keychain tests never touch the person's own keyring.
#   bash scripts/with-keyring.sh npx vitest run test/main/secrets
# Inside, SWITCHBOARD_REQUIRE_KEYRING defaults to 1: keyring tests fail rather than skip, since a
# keyring is the point of running here. Needs dbus-run-session and gnome-keyring-daemon:
#   apt-get install -y gnome-keyring dbus dbus-x11 libsecret-1-dev
set -eu

if [ "$#" -eq 0 ]; then
  echo "usage: scripts/with-keyring.sh COMMAND [ARG...]" >&2
  exit 2
fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "with-keyring: $tool not found; install it with: apt-get install -y gnome-keyring dbus dbus-x11 libsecret-1-dev" >&2
    exit 127
  fi
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/switchboard-keyring.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM
mkdir -p "$scratch/home" "$scratch/data" "$scratch/config" "$scratch/cache" "$scratch/runtime"
# gnome-keyring refuses a runtime dir that others can read.
chmod 700 "$scratch/runtime"

# npm keeps its cache under HOME; point it back at the real one so npx/npm do not refetch everything.
npm_cache=${npm_config_cache:-${HOME:-/root}/.npm}

HOME="$scratch/home" \
XDG_DATA_HOME="$scratch/data" \
XDG_CONFIG_HOME="$scratch/config" \
XDG_CACHE_HOME="$scratch/cache" \
XDG_RUNTIME_DIR="$scratch/runtime" \
npm_config_cache="$npm_cache" \
npm_config_update_notifier=false \
SWITCHBOARD_REQUIRE_KEYRING="${SWITCHBOARD_REQUIRE_KEYRING:-1}" \
dbus-run-session -- sh -c '
  # --unlock reads the login keyring password from stdin, creating the keyring on first use.
  if ! echo switchboard-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null; then
    echo "with-keyring: gnome-keyring-daemon could not start or unlock the keyring" >&2
    exit 1
  fi
  "$@"
' with-keyring "$@"
