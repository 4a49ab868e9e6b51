#!/bin/sh
# Entry point of the Projectory image (runs under tini as PID 1, see deploy/Dockerfile).
#
# What runs is chosen by SERVICE, or by the first argument, which then wins over SERVICE:
#   identity | assessment | matching | projects | portfolio | messaging | careers | admin | credentials
#                  one backend service   (node services/<name>/dist/main.js)
#   gateway        the public gateway     (node gateway/dist/main.js)
#   migrate        every service's migrations against DATABASE_URL, then exit
#                  (node services/all-in-one/dist/migrate.js)
#   all-in-one     gateway and every service in one process, embedded Postgres unless
#                  DATABASE_URL is set (node services/all-in-one/dist/main.js)
# Arguments after the name go to the program, e.g. `identity migrate` migrates that service only.
# Any other command is run as given (e.g. `node -e ...`, `sh`).
set -eu

APP_DIR=/app
SERVICES='identity assessment matching projects portfolio messaging careers admin credentials'

usage() {
  cat >&2 <<EOF
usage: set SERVICE, or pass the name as the first argument:
  one of: $SERVICES
          gateway | migrate | all-in-one
  or any command to run as given.
EOF
}

is_target() {
  case "$1" in
    gateway | migrate | all-in-one) return 0 ;;
  esac
  for name in $SERVICES; do
    [ "$1" = "$name" ] && return 0
  done
  return 1
}

if [ "$#" -gt 0 ]; then
  if is_target "$1"; then
    SERVICE=$1
    shift
  else
    exec "$@"
  fi
fi

SERVICE=${SERVICE:-}
if [ -z "$SERVICE" ]; then
  usage
  exit 64
fi
export SERVICE

case "$SERVICE" in
  gateway) exec node "$APP_DIR/gateway/dist/main.js" "$@" ;;
  migrate) exec node "$APP_DIR/services/all-in-one/dist/migrate.js" "$@" ;;
  all-in-one) exec node "$APP_DIR/services/all-in-one/dist/main.js" "$@" ;;
esac
if is_target "$SERVICE"; then
  exec node "$APP_DIR/services/$SERVICE/dist/main.js" "$@"
fi
echo "unknown SERVICE '$SERVICE'" >&2
usage
exit 64
