#!/usr/bin/env bash
# Installs what the tests need from Debian: a real Secret Service for the CLI keychain test (gnome-keyring, dbus,
# dbus-x11, libsecret-tools), chromium for the portal's end-to-end tests and Apache Traffic Server (trafficserver)
# for the cache tests (test/ats/). Runs as `pretest`. As root it installs
# whatever is missing (one quiet `apt-get update`, then one install); otherwise it never fails the run: the tests
# that need a missing package then fail and say what is missing.
set -u

needed=()
command -v dbus-run-session >/dev/null 2>&1 || needed+=(dbus)
command -v dbus-launch >/dev/null 2>&1 || needed+=(dbus-x11)
command -v gnome-keyring-daemon >/dev/null 2>&1 || needed+=(gnome-keyring)
command -v secret-tool >/dev/null 2>&1 || needed+=(libsecret-tools)
[ -x /usr/bin/chromium ] || needed+=(chromium)
command -v traffic_server >/dev/null 2>&1 || needed+=(trafficserver)

[ "${#needed[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-system-packages: missing ${needed[*]} (not root, not installing; the tests that need them will fail)" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-system-packages: missing ${needed[*]} and no apt-get to install them" >&2
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
if apt-get update -qq >/dev/null 2>&1 &&
  apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null 2>&1; then
  echo "ensure-system-packages: installed ${needed[*]}" >&2
else
  echo "ensure-system-packages: could not install ${needed[*]} (the tests that need them will fail)" >&2
fi
exit 0
