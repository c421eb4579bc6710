#!/usr/bin/env bash
# A throw-away PostgreSQL server for the tests of the shared history (PostgresHistory), on loopback only.
#   scripts/test-postgres.sh start        start it (data in .build/postgres-test), print its URL
#   scripts/test-postgres.sh stop         stop it and remove its data
#   scripts/test-postgres.sh run CMD…     start it, run CMD with FRAMEBUDGET_TEST_POSTGRES_URL exported, stop it on
#                                         exit (also when CMD or the start fails); CMD's exit status is kept
# The server: Debian's postgresql (scripts/ensure-system-packages.sh installs it), listen_addresses=127.0.0.1 on a
# free port, its unix socket in the data folder, password (scram) authentication for TCP, superuser `framebudget`.
# initdb refuses root: as root the server runs as the `postgres` user, which owns the folder.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
folder=${FRAMEBUDGET_POSTGRES_DIR:-$root/.build/postgres-test}
user=framebudget
database=framebudget_test

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[[ -x "$bin/initdb" ]] || { echo "test-postgres: no PostgreSQL server (run scripts/ensure-system-packages.sh)" >&2; exit 1; }

as_server() {  # runs a server command as the user that owns the data folder
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  if [[ -f "$folder/url" ]] && as_server "$bin/pg_ctl" -D "$folder/data" status >/dev/null 2>&1; then
    cat "$folder/url"; return
  fi
  rm -rf "$folder"
  mkdir -p "$folder"
  trap 'stop >/dev/null 2>&1 || true' ERR
  local password port
  password=$(python3 -c 'import secrets; print(secrets.token_hex(12))')
  port=$(free_port)
  printf '%s\n' "$password" > "$folder/password"
  if [[ $(id -u) -eq 0 ]]; then
    chown -R postgres:postgres "$folder"
    runuser -u postgres -- test -w "$folder" || {
      echo "test-postgres: the postgres user cannot reach $folder (set FRAMEBUDGET_POSTGRES_DIR to a folder it can)" >&2; exit 1; }
  fi
  as_server "$bin/initdb" -D "$folder/data" -U "$user" --pwfile="$folder/password" --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --no-instructions >"$folder/initdb.log" 2>&1 \
    || { cat "$folder/initdb.log" >&2; exit 1; }
  as_server "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w -t 30 start \
    -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$folder -c max_connections=100" >/dev/null \
    || { cat "$folder/server.log" >&2; exit 1; }
  PGPASSWORD=$password "$bin/createdb" -h 127.0.0.1 -p "$port" -U "$user" "$database"
  printf 'postgres://%s:%s@127.0.0.1:%s/%s?sslmode=disable\n' "$user" "$password" "$port" "$database" > "$folder/url"
  trap - ERR
  cat "$folder/url"
}

stop() {
  if [[ -d "$folder/data" ]]; then
    as_server "$bin/pg_ctl" -D "$folder/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$folder"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  run)
    shift
    [[ $# -gt 0 ]] || { echo "usage: $0 run COMMAND [ARG…]" >&2; exit 64; }
    trap stop EXIT
    url=$(start | tail -n 1)
    echo "test-postgres: PostgreSQL for the history tests at $(sed -E 's#(://[^:/@]+):[^@]*@#\1:***@#' <<< "$url")" >&2
    status=0
    # Tied: when a SIGTERM ends this script (and its EXIT trap stops the server), the tests end too.
    FRAMEBUDGET_TEST_POSTGRES_URL=$url "$root/scripts/tied" "$@" || status=$?
    exit "$status"
    ;;
  *) echo "usage: $0 start|stop|run COMMAND [ARG…]" >&2; exit 64 ;;
esac
