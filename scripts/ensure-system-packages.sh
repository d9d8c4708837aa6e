#!/usr/bin/env bash
# Installs what the tests need from Debian: a real Secret Service for the CLI keychain test (gnome-keyring, dbus,
# dbus-x11, libsecret-tools), chromium for the portal's end-to-end tests, tmux for the terminal-screen tests and
# Apache Traffic Server (trafficserver) for the cache tests, PostgreSQL (postgresql) for the PostgreSQL store's tests
# and HAProxy (haproxy) for the several-daemons test.
# Runs as `pretest`. As root (CI) it installs whatever is missing (one quiet `apt-get update`, then one install).
# Off root, or when the install fails, it names what is missing and the test files that would fail for it, and
# exits non-zero: a run without them is never a silent pass.
set -u

# package | command that proves it is installed | test files that need it
REQUIREMENTS=(
  "dbus|dbus-run-session|test/cli/keychain.test.ts"
  "dbus-x11|dbus-launch|test/cli/keychain.test.ts"
  "gnome-keyring|gnome-keyring-daemon|test/cli/keychain.test.ts"
  "libsecret-tools|secret-tool|test/cli/keychain.test.ts"
  "chromium|/usr/bin/chromium|test/e2e/*.test.ts"
  "tmux|tmux|test/ui/e2e.test.ts"
  "trafficserver|traffic_server|test/ats/*.test.ts test/atsconfig/real-ats.test.ts test/atsconfig/demo-cdn.test.ts test/agent/*.test.ts"
  "postgresql|pg_ctlcluster|test/pg/*.test.ts test/store/contract/*.test.ts test/golden/*.test.ts test/security/role-matrix.test.ts test/security/tenancy.test.ts test/reliability/crash-safety.test.ts"
  "haproxy|haproxy|test/pg/cluster.test.ts test/deploy/haproxy-config.test.ts"
)

missing_packages() {
  local line package probe
  for line in "${REQUIREMENTS[@]}"; do
    IFS='|' read -r package probe _ <<<"$line"
    command -v "$probe" >/dev/null 2>&1 || echo "$package"
  done
}

explain_and_fail() {
  local reason=$1 line package probe files
  echo "ensure-system-packages: $reason" >&2
  for line in "${REQUIREMENTS[@]}"; do
    IFS='|' read -r package probe files <<<"$line"
    command -v "$probe" >/dev/null 2>&1 || echo "  missing $package: $files would fail" >&2
  done
  echo "  install them (apt-get install ${needed[*]}) or run the tests as root, which installs them" >&2
  exit 1
}

mapfile -t needed < <(missing_packages)
[ "${#needed[@]}" -eq 0 ] && exit 0

[ "$(id -u)" -eq 0 ] || explain_and_fail "not root, so not installing ${needed[*]}"
command -v apt-get >/dev/null 2>&1 || explain_and_fail "no apt-get to install ${needed[*]}"

export DEBIAN_FRONTEND=noninteractive
if apt-get update -qq >/dev/null 2>&1 &&
  apt-get install -y -qq --no-install-recommends "${needed[@]}" >/dev/null 2>&1; then
  echo "ensure-system-packages: installed ${needed[*]}" >&2
fi
mapfile -t needed < <(missing_packages)
[ "${#needed[@]}" -eq 0 ] || explain_and_fail "could not install ${needed[*]}"
exit 0
