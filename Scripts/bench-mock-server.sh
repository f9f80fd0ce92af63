#!/usr/bin/env bash
# Measures mock-server against nginx serving the identical bytes as static files (issue 3).
#
#   Scripts/bench-mock-server.sh            # DURATION=5s CONNECTIONS="1 16 64" MILLION=1000000
#
# Builds mock-server in release, installs wrk and nginx-light with apt when they are missing, runs
# wrk with keep-alive at each connection count against GET /v1/heroes/{id} and GET /v1/heroes?page=1
# on both servers, and prints requests/s, p99 and the ratio to nginx. Then it drives mock-server past
# a million requests and prints its resident memory. The server is pinned to core 0 and wrk to
# core 1 when taskset exists. Absolute numbers drift: compare the ratios.
# Not part of CI.
set -euo pipefail

cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-/tmp/heroes-bench}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-"1 16 64"}
MILLION=${MILLION:-1000000}
HERO=${HERO:-0007}

if ! command -v wrk >/dev/null || ! command -v nginx >/dev/null; then
    echo "installing wrk and nginx-light" >&2
    apt-get update -qq && apt-get install -y -qq wrk nginx-light >/dev/null
fi
PIN_SERVER=() PIN_CLIENT=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
    PIN_SERVER=(taskset -c 0) PIN_CLIENT=(taskset -c 1)
fi

echo "building mock-server (release)" >&2
swift build -c release --scratch-path "$SCRATCH" --product mock-server >&2
BIN="$SCRATCH/release/mock-server"

WORK=$(mktemp -d)
MOCK_PID="" NGINX_PID=""
cleanup() {
    [ -n "$MOCK_PID" ] && kill "$MOCK_PID" 2>/dev/null || true
    [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT

# mock-server on a free port; its first line names it.
"${PIN_SERVER[@]}" "$BIN" --port 0 >"$WORK/mock.out" 2>"$WORK/mock.err" &
MOCK_PID=$!
for _ in $(seq 100); do grep -q listening "$WORK/mock.out" 2>/dev/null && break; sleep 0.05; done
MOCK=$(sed -n 's/^listening on //p' "$WORK/mock.out")
[ -n "$MOCK" ] || { echo "mock-server did not start" >&2; cat "$WORK/mock.err" >&2; exit 1; }

# nginx: one worker, the same bodies as static files.
mkdir -p "$WORK/www/v1/heroes"
curl -fsS "$MOCK/v1/heroes/$HERO" -o "$WORK/www/v1/heroes/$HERO"
curl -fsS "$MOCK/v1/heroes?page=1" -o "$WORK/www/page1.json"
NGINX_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat >"$WORK/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $WORK/nginx.pid;
error_log $WORK/nginx.err;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    open_file_cache max=16;
    client_body_temp_path $WORK; proxy_temp_path $WORK; fastcgi_temp_path $WORK;
    uwsgi_temp_path $WORK; scgi_temp_path $WORK;
    keepalive_requests 100000000;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/www;
        default_type application/json;
        location = /v1/heroes { try_files /page1.json =404; }
    }
}
CONF
"${PIN_SERVER[@]}" nginx -c "$WORK/nginx.conf" &
NGINX_PID=$!
NGINX="http://127.0.0.1:$NGINX_PORT"
for _ in $(seq 100); do curl -fsS "$NGINX/v1/heroes/$HERO" -o /dev/null 2>/dev/null && break; sleep 0.05; done
cmp -s <(curl -fsS "$MOCK/v1/heroes?page=1") <(curl -fsS "$NGINX/v1/heroes?page=1") \
    || { echo "nginx does not serve the same page bytes" >&2; exit 1; }

# wrk URL CONNECTIONS → "requests/s p99(ms)"
measure() {
    local out
    out=$("${PIN_CLIENT[@]}" wrk -t1 -c"$2" -d"$DURATION" --latency "$1" 2>&1)
    local rps p99
    rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; print v}' <<<"$out")
    echo "$rps $p99"
}

printf "%-22s %5s %12s %9s %12s %9s %7s\n" endpoint conns "mock req/s" "mock p99" "nginx req/s" "nginx p99" ratio
for path in "/v1/heroes/$HERO" "/v1/heroes?page=1"; do
    for c in $CONNECTIONS; do
        read -r mrps mp99 < <(measure "$MOCK$path" "$c")
        read -r nrps np99 < <(measure "$NGINX$path" "$c")
        ratio=$(awk -v a="$mrps" -v b="$nrps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        printf "%-22s %5s %12.0f %7.2fms %12.0f %7.2fms %6sx\n" "$path" "$c" "$mrps" "$mp99" "$nrps" "$np99" "$ratio"
    done
done

# Past a million requests, then the resident set.
served() { curl -fsS "$MOCK/__admin/requests?since=999999999999" | sed -E 's/.*"last_sequence":([0-9]+).*/\1/'; }
while [ "$(served)" -lt "$MILLION" ]; do
    "${PIN_CLIENT[@]}" wrk -t1 -c64 -d10s "$MOCK/v1/heroes/$HERO" >/dev/null 2>&1
done
rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$MOCK_PID/status")
hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$MOCK_PID/status")
echo "mock-server after $(served) requests: RSS $((rss / 1024)) MB (peak $((hwm / 1024)) MB)"
