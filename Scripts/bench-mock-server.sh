#!/usr/bin/env bash
# Measures mock-server against nginx serving the identical bytes as static files (issue 3), a
# page's p99 with 10,000 heroes against its p99 with the 44 bundled ones (issue 13), and WireMock
# stub mappings (issue 22): a stub among 500 against nginx, and the p99 with 5,000 mappings
# against the p99 with 50; a hostile client (issue 32); proxying and recording (issue 33); one
# client's 64 costly connections and start-up with 20,000 mapping files (issue 40).
#
#   Scripts/bench-mock-server.sh   # DURATION=5s CONNECTIONS="1 16 64" REPEAT=3 HEROES=10000 MILLION=1000000 RECORDED=1000
#   ONLY=stubs Scripts/bench-mock-server.sh   # the stub measurements alone
#   ONLY=hostile Scripts/bench-mock-server.sh # GET /health's p99 beside a hostile client, and beside
#                                             # one client's 64 costly connections, alone
#   ONLY=costly Scripts/bench-mock-server.sh  # the costly connections alone
#   ONLY=startup Scripts/bench-mock-server.sh # start-up with 20,000 mapping files against 2,000
#   ONLY=heroes Scripts/bench-mock-server.sh  # the hero routes against nginx alone
#   ONLY=proxy Scripts/bench-mock-server.sh   # a proxied GET against the origin served directly alone
#   ONLY=record Scripts/bench-mock-server.sh  # recording RECORDED exchanges (memory), then replaying
#                                             # them against the same stubs written by hand
#
# Builds mock-server in release (SCRATCH=DIR for another build folder; MOCK_SERVER=FILE to measure a
# binary built elsewhere), installs wrk and nginx-light with apt when they are missing, takes the
# stub, hostile-client, proxy and recording measurements (each described above its function), runs wrk with
# keep-alive at each connection count against GET /v1/heroes/{id} and GET /v1/heroes?page=1 on both
# servers, REPEAT times, alternating, and prints requests/s, p99, each run's ratio to nginx and their
# median (goal: at least 1.00× at 64 connections). Then it starts a second mock-server with HEROES generated heroes and compares
# its page p99 at 64 connections with the bundled server's (goal: a median of at most 2.00×). Last, it drives
# mock-server past a million requests and prints its resident memory. The servers are pinned to
# core 0 and wrk to core 1 when taskset exists. Absolute numbers drift: compare the ratios.
# Not part of CI.
set -euo pipefail

cd "$(dirname "$0")/.."
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-"1 16 64"}
REPEAT=${REPEAT:-3}
HEROES=${HEROES:-10000}
MILLION=${MILLION:-1000000}
HERO=${HERO:-0007}
RECORDED=${RECORDED:-1000}

if ! command -v wrk >/dev/null || ! command -v nginx >/dev/null; then
    echo "installing wrk and nginx-light" >&2
    apt-get update -qq && apt-get install -y -qq wrk nginx-light >/dev/null
fi
PIN_SERVER=() PIN_CLIENT=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then
    PIN_SERVER=(taskset -c 0) PIN_CLIENT=(taskset -c 1)
fi

if [ -n "${MOCK_SERVER:-}" ]; then
    BIN=$MOCK_SERVER
else
    SCRATCH_ARGS=()
    [ -n "${SCRATCH:-}" ] && SCRATCH_ARGS=(--scratch-path "$SCRATCH")
    echo "building mock-server (release)" >&2
    swift build -c release "${SCRATCH_ARGS[@]}" --product mock-server >&2
    BIN="$(swift build -c release "${SCRATCH_ARGS[@]}" --show-bin-path)/mock-server"
fi

WORK=$(mktemp -d)
MOCK_PID="" NGINX_PID="" LARGE_PID="" STUB_PIDS=""
cleanup() {
    [ -n "$MOCK_PID" ] && kill "$MOCK_PID" 2>/dev/null || true
    [ -n "$LARGE_PID" ] && kill "$LARGE_PID" 2>/dev/null || true
    [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
    for pid in $STUB_PIDS; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT

# start_mock NAME [OPTION...]: mock-server on a free port; its first line names it. Sets PID and URL.
start_mock() {
    local name=$1
    shift
    "${PIN_SERVER[@]}" "$BIN" --port 0 "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
    PID=$!
    for _ in $(seq 600); do grep -q listening "$WORK/$name.out" 2>/dev/null && break; sleep 0.05; done
    URL=$(sed -n 's/^listening on //p' "$WORK/$name.out")
    [ -n "$URL" ] || { echo "mock-server ($name) did not start" >&2; cat "$WORK/$name.err" >&2; exit 1; }
}
start_mock mock
MOCK_PID=$PID MOCK=$URL

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
        location /api/ { try_files /v1/heroes/$HERO =404; }
    }
}
CONF
"${PIN_SERVER[@]}" nginx -c "$WORK/nginx.conf" &
NGINX_PID=$!
NGINX="http://127.0.0.1:$NGINX_PORT"
for _ in $(seq 100); do curl -fsS "$NGINX/v1/heroes/$HERO" -o /dev/null 2>/dev/null && break; sleep 0.05; done
cmp -s <(curl -fsS "$MOCK/v1/heroes?page=1") <(curl -fsS "$NGINX/v1/heroes?page=1") \
    || { echo "nginx does not serve the same page bytes" >&2; exit 1; }

# median NUMBER... → the middle value (the mean of the two middle ones for an even count)
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# cpu_ticks PID → user + system CPU time of a process so far, in clock ticks
TICK=$(getconf CLK_TCK)
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }

# measure URL CONNECTIONS SERVER_PID [HEADER] [WRK_LUA_SCRIPT] → "requests/s p99(ms)
# server-CPU-µs-per-request". CPU time per request is what a loaded machine disturbs least: other
# processes steal wall time, not cycles. Answers other than 2xx or 3xx are reported on stderr.
measure() {
    local out before after headers=() script=()
    [ -n "${4:-}" ] && headers=(-H "$4")
    [ -n "${5:-}" ] && script=(-s "$5")
    before=$(cpu_ticks "$3")
    out=$("${PIN_CLIENT[@]}" wrk -t1 -c"$2" -d"$DURATION" --latency "${headers[@]}" "${script[@]}" "$1" 2>&1)
    after=$(cpu_ticks "$3")
    grep -q '^  Non-2xx' <<<"$out" && echo "warning: $1: $(grep '^  Non-2xx' <<<"$out" | sed 's/^ *//')" >&2
    local rps p99 requests
    rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {v=$2; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; print v}' <<<"$out")
    requests=$(awk '/ requests in / {print $1}' <<<"$out")
    echo "$rps $p99 $(awk -v t="$((after - before))" -v hz="$TICK" -v n="$requests" 'BEGIN { printf "%.1f", (n > 0 ? t * 1e6 / hz / n : 0) }')"
}

# The wire form of docs/API.md, as heroes-bench makes them, ids 00001, 00002…
# make_heroes DIR COUNT
make_heroes() {
    mkdir -p "$1"
    python3 - "$1" "$2" <<'PY'
import base64, json, sys
folder, count = sys.argv[1], int(sys.argv[2])
teams = [("dawn-guard", "Dawn Guard"), ("tide-keepers", "Tide Keepers"), ("night-shift", "Night Shift")]
with open(f"{folder}/teams.json", "w") as f:
    json.dump({"items": [{"id": i, "name": n} for i, n in teams]}, f)
heroes = [{
    "id": f"{i + 1:05d}", "code_name": f"Generated Hero {i + 1}",
    "encrypted_real_name": base64.b64encode(bytes((b + i) % 256 for b in range(44))).decode(),
    "powers": [f"Power {i % 7}", f"Skill {i % 11}"], "picture_url": None,
    "team": {"id": teams[i % 3][0], "name": teams[i % 3][1]},
    "updated_at": f"2026-11-{i % 28 + 1:02d}T09:07:00Z", "version": i % 5 + 1,
} for i in range(count)]
with open(f"{folder}/heroes.json", "w") as f:
    json.dump(heroes, f)
PY
}

# nginx's master forks one worker, which does the serving.
NGINX_WORKER=$(pgrep -P "$NGINX_PID" | head -n 1)
[ -n "$NGINX_WORKER" ] || NGINX_WORKER=$NGINX_PID

# WireMock stub mappings, all GET under /api/, each with a urlPathPattern and a header matcher
# (`X-Client: bench-I`); the answer is the hero's bytes from __files, which nginx serves for /api/.
# make_stubs DIR COUNT
make_stubs() {
    mkdir -p "$1/mappings" "$1/__files"
    cp "$WORK/www/v1/heroes/$HERO" "$1/__files/hero.json"
    python3 - "$1/mappings/bench.json" "$2" <<'PY'
import json, sys
path, count = sys.argv[1], int(sys.argv[2])
mappings = [{
    "request": {"method": "GET", "urlPathPattern": f"/api/resource{i}/[0-9]+",
                "headers": {"X-Client": {"equalTo": f"bench-{i}"}}},
    "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "bodyFileName": "hero.json"},
} for i in range(count)]
with open(path, "w") as f:
    json.dump({"mappings": mappings}, f)
PY
}
stub_bench() {
    local small=50 middle=500 large=5000
    local rows=() ratios=() p99s=()
    for count in $small $middle $large; do make_stubs "$WORK/stubs$count" "$count"; done
    start_mock stubs$middle --root-dir "$WORK/stubs$middle" --no-heroes
    STUB_PIDS="$STUB_PIDS $PID"
    local pid=$PID url=$URL target="/api/resource$((middle / 2))/42" header="X-Client: bench-$((middle / 2))"
    cmp -s <(curl -fsS -H "$header" "$url$target") <(curl -fsS "$NGINX$target") \
        || { echo "the stub and nginx do not serve the same bytes" >&2; exit 1; }
    printf "%-34s %5s %3s %11s %9s %8s %11s %9s %8s %7s  %s\n" "stub among $middle" conns run "mock req/s" \
        "mock p99" "mock cpu" "nginx req/s" "nginx p99" "ngx cpu" ratio "goal ≥ 0.50×"
    for run in $(seq "$REPEAT"); do
        read -r mrps mp99 mcpu < <(measure "$url$target" 64 "$pid" "$header")
        read -r nrps np99 ncpu < <(measure "$NGINX$target" 64 "$NGINX_WORKER")
        ratio=$(awk -v a="$mrps" -v b="$nrps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        ratios+=("$ratio")
        printf "%-34s %5s %3s %11.0f %7.2fms %6sµs %11.0f %7.2fms %6sµs %6sx\n" "$target" 64 "$run" "$mrps" "$mp99" \
            "$mcpu" "$nrps" "$np99" "$ncpu" "$ratio"
    done
    ratio=$(median "${ratios[@]}")
    printf "%-34s %5s %3s %11s %9s %8s %11s %9s %8s %6sx  %s\n" "$target" 64 med "" "" "" "" "" "" "$ratio" \
        "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.5 ? "PASS" : "FAIL") }')"
    kill "$pid" 2>/dev/null || true
    start_mock stubs$small --root-dir "$WORK/stubs$small" --no-heroes
    local small_pid=$PID small_url=$URL
    start_mock stubs$large --root-dir "$WORK/stubs$large" --no-heroes
    local large_pid=$PID large_url=$URL
    STUB_PIDS="$STUB_PIDS $small_pid $large_pid"
    local small_target="/api/resource$((small / 2))/42" small_header="X-Client: bench-$((small / 2))"
    local large_target="/api/resource$((large / 2))/42" large_header="X-Client: bench-$((large / 2))"
    printf "\n%-34s %5s %3s %11s %9s %8s %11s %9s %8s %7s  %s\n" "$large mappings against $small" conns run \
        "$large req/s" "$large p99" "cpu" "$small req/s" "$small p99" "cpu" "p99 ×" "goal ≤ 1.50×"
    for run in $(seq "$REPEAT"); do
        read -r lrps lp99 lcpu < <(measure "$large_url$large_target" 64 "$large_pid" "$large_header")
        read -r srps sp99 scpu < <(measure "$small_url$small_target" 64 "$small_pid" "$small_header")
        ratio=$(awk -v a="$lp99" -v b="$sp99" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        p99s+=("$ratio")
        printf "%-34s %5s %3s %11.0f %7.2fms %6sµs %11.0f %7.2fms %6sµs %6sx\n" "$large_target" 64 "$run" "$lrps" \
            "$lp99" "$lcpu" "$srps" "$sp99" "$scpu" "$ratio"
    done
    ratio=$(median "${p99s[@]}")
    printf "%-34s %5s %3s %11s %9s %8s %11s %9s %8s %6sx  %s\n" "$large_target" 64 med "" "" "" "" "" "" "$ratio" \
        "$(awk -v r="$ratio" 'BEGIN { print (r <= 1.5 ? "PASS" : "FAIL") }')"
    kill "$small_pid" "$large_pid" 2>/dev/null || true
    echo
}
# Issue 32: GET /health's p99 at 64 connections while one client POSTs 120 KB bodies of 40
# objects nested 500 deep to the to-do example's JSON-matched stub in a loop, against its p99
# unloaded (goal: at most the unloaded p99 plus 100 ms).
hostile_bench() {
    start_mock hostile --root-dir MockServer/Examples/todo-api
    local pid=$PID url=$URL unloaded loaded hostile_pid
    STUB_PIDS="$STUB_PIDS $pid"
    read -r _ unloaded _ < <(measure "$url/health" 64 "$pid")
    python3 - "${url##*:}" "$DURATION" >"$WORK/hostile.out" <<'PY' &
import socket, sys, time
port, seconds = int(sys.argv[1]), float(sys.argv[2].rstrip("s")) + 1
one = '{"a":' * 500 + "1" + "}" * 500
body = ("[" + ",".join([one] * 40) + "]").encode()
head = ("POST /api/todos HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n").encode()
end, sent = time.time() + seconds, 0
while time.time() < end:
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(head + body)
        while s.recv(65536):
            pass
    sent += 1
print(sent)
PY
    hostile_pid=$!
    sleep 0.5
    read -r _ loaded _ < <(measure "$url/health" 64 "$pid")
    wait "$hostile_pid" || true
    printf "%-34s %5s %12s %12s %8s  %s\n" "hostile bodies (issue 32)" conns "unloaded p99" "hostile p99" \
        "bodies" "goal ≤ unloaded + 100 ms"
    printf "%-34s %5s %10.2fms %10.2fms %8s  %s\n" "GET /health" 64 "$unloaded" "$loaded" \
        "$(cat "$WORK/hostile.out")" "$(awk -v a="$loaded" -v b="$unloaded" 'BEGIN { print (a <= b + 100 ? "PASS" : "FAIL") }')"
    kill "$pid" 2>/dev/null || true
    echo
}
# Issue 40: GET /health's p99 at 64 connections while one client keeps 64 connections of unmatched
# requests against 300 regular expressions (`(a+)+b`, so each request spends its whole 50 ms
# matching budget), against its p99 unloaded (goal: at most the unloaded p99 plus 100 ms).
costly_bench() {
    mkdir -p "$WORK/costly/mappings"
    python3 - "$WORK/costly/mappings/costly.json" <<'PY'
import json, sys
mappings = [{"request": {"urlPattern": f"/r/(a+)+b{i}"}, "response": {"status": 200}} for i in range(300)]
json.dump({"mappings": mappings}, open(sys.argv[1], "w"))
PY
    start_mock costly --root-dir "$WORK/costly"
    local pid=$PID url=$URL unloaded loaded hostile_pid
    STUB_PIDS="$STUB_PIDS $pid"
    read -r _ unloaded _ < <(measure "$url/health" 64 "$pid")
    python3 - "${url##*:}" "$DURATION" >"$WORK/costly.out" <<'PY' &
import selectors, socket, sys, time
port, seconds = int(sys.argv[1]), float(sys.argv[2].rstrip("s")) + 1
request = ("GET /r/" + "a" * 32 + "c HTTP/1.1\r\nHost: x\r\n\r\n").encode()
chooser, answered = selectors.DefaultSelector(), 0
for _ in range(64):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    chooser.register(s, selectors.EVENT_READ)
end = time.time() + seconds
while time.time() < end:
    for key, _ in chooser.select(timeout=0.5):
        data = key.fileobj.recv(65536)
        if not data:
            chooser.unregister(key.fileobj)
            continue
        answered += data.count(b"HTTP/1.1 404")
        key.fileobj.sendall(request * data.count(b"HTTP/1.1 404"))
print(answered)
PY
    hostile_pid=$!
    sleep 0.5
    read -r _ loaded _ < <(measure "$url/health" 64 "$pid")
    wait "$hostile_pid" || true
    printf "%-34s %5s %12s %12s %8s  %s\n" "costly connections (issue 40)" conns "unloaded p99" "beside 64" \
        "answered" "goal ≤ unloaded + 100 ms"
    printf "%-34s %5s %10.2fms %10.2fms %8s  %s\n" "GET /health" 64 "$unloaded" "$loaded" \
        "$(cat "$WORK/costly.out")" "$(awk -v a="$loaded" -v b="$unloaded" 'BEGIN { print (a <= b + 100 ? "PASS" : "FAIL") }')"
    kill "$pid" 2>/dev/null || true
    echo
}
# Issue 40: start-up time with 20,000 mapping files against 2,000 (goal: at most 12×, linear
# with room for the file system), and how long a reset of the 20,000 holds GET /health.
startup_bench() {
    local small=2000 large=20000 times=() start end
    for count in $small $large; do
        python3 - "$WORK/many$count/mappings" "$count" <<'PY'
import json, os, sys
folder, count = sys.argv[1], int(sys.argv[2])
os.makedirs(folder, exist_ok=True)
for i in range(count):
    with open(f"{folder}/m{i:05}.json", "w") as f:
        json.dump({"request": {"method": "GET", "urlPath": f"/api/item{i}"}, "response": {"status": 200}}, f)
PY
        start=$(date +%s%N)
        start_mock many$count --root-dir "$WORK/many$count" --no-heroes
        end=$(date +%s%N)
        times+=("$(( (end - start) / 1000000 ))")
        STUB_PIDS="$STUB_PIDS $PID"
        if [ "$count" = "$large" ]; then
            local pid=$PID url=$URL reset
            reset=$( { /usr/bin/time -f %e curl -fsS -X POST "$url/__admin/mappings/reset" >/dev/null; } 2>&1)
            printf "%-34s %s s\n" "POST /__admin/mappings/reset ($large)" "$reset"
        fi
        kill "$PID" 2>/dev/null || true
    done
    printf "%-34s %10s %10s %8s  %s\n" "start-up (issue 40)" "$small" "$large" ratio "goal ≤ 12×"
    printf "%-34s %8sms %8sms %7sx  %s\n" "mapping files" "${times[0]}" "${times[1]}" \
        "$(awk -v a="${times[1]}" -v b="${times[0]}" 'BEGIN { printf "%.1f", a / b }')" \
        "$(awk -v a="${times[1]}" -v b="${times[0]}" 'BEGIN { print (a <= 12 * b ? "PASS" : "FAIL") }')"
    echo
}
# GET /v1/heroes/{id} through a second mock-server with --proxy-all to the first (the shared
# Transport: libcurl on Linux, off the loop) against the first served directly, 64 connections:
# the ratio of requests/s (goal: a median of at least 0.15×), the proxy's CPU per request and the
# p99 the hop adds.
proxy_bench() {
    start_mock proxy --proxy-all "$MOCK" --no-heroes
    local pid=$PID url=$URL ratios=() added=()
    STUB_PIDS="$STUB_PIDS $pid"
    cmp -s <(curl -fsS "$url/v1/heroes/$HERO") <(curl -fsS "$MOCK/v1/heroes/$HERO") \
        || { echo "the proxy and its origin do not serve the same bytes" >&2; exit 1; }
    printf "%-34s %5s %3s %11s %9s %8s %11s %9s %7s %9s  %s\n" "proxied" conns run "proxy req/s" \
        "proxy p99" "cpu" "direct req/s" "direct p99" ratio "p99 +" "goal ≥ 0.15×"
    for run in $(seq "$REPEAT"); do
        read -r prps pp99 pcpu < <(measure "$url/v1/heroes/$HERO" 64 "$pid")
        read -r drps dp99 _ < <(measure "$MOCK/v1/heroes/$HERO" 64 "$MOCK_PID")
        ratio=$(awk -v a="$prps" -v b="$drps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        plus=$(awk -v a="$pp99" -v b="$dp99" 'BEGIN { printf "%.2f", a - b }')
        ratios+=("$ratio") added+=("$plus")
        printf "%-34s %5s %3s %11.0f %7.2fms %6sµs %11.0f %7.2fms %6sx %7sms\n" "/v1/heroes/$HERO" 64 "$run" \
            "$prps" "$pp99" "$pcpu" "$drps" "$dp99" "$ratio" "$plus"
    done
    local verdict
    verdict=$(awk -v m="$(median "${ratios[@]}")" 'BEGIN { print (m >= 0.15 ? "PASS" : "FAIL") }')
    printf "%-34s %5s %3s %11s %9s %8s %11s %9s %6sx %7sms  %s\n" "/v1/heroes/$HERO" 64 med "" "" "" "" "" \
        "$(median "${ratios[@]}")" "$(median "${added[@]}")" "$verdict"
    kill "$pid" 2>/dev/null || true
    echo
}
# Issue 33: RECORDED distinct exchanges recorded through `--proxy-all ORIGIN --record-mappings`,
# the recorder's resident memory after 100, after all of them and after the same requests again
# (goal: flat, at most 1.25× the first sample: the journal keeps its bound), then the recording
# replayed against the same stubs written by hand, 64 connections over all the paths in turn
# (goal: a median of at least 0.80× the hand-written stubs' requests/s).
record_bench() {
    local count=$RECORDED origin_pid origin recorder_pid recorder ratios=()
    make_heroes "$WORK/origin" "$count"
    start_mock origin --fixtures "$WORK/origin"
    origin_pid=$PID origin=$URL
    STUB_PIDS="$STUB_PIDS $origin_pid"
    mkdir -p "$WORK/recorded/mappings"
    start_mock recorder --proxy-all "$origin" --root-dir "$WORK/recorded" --record-mappings --no-heroes
    recorder_pid=$PID recorder=$URL
    STUB_PIDS="$STUB_PIDS $recorder_pid"
    # One keep-alive client, GET /v1/heroes/{id} for each id, twice over; VmRSS in kB after the
    # 100th and the last exchange of the first pass and after the second pass.
    read -r rss100 rssall rss2 < <(python3 - "${recorder##*:}" "$recorder_pid" "$count" "$WORK/recorded/mappings" <<'PY'
import http.client, os, sys, time
port, pid, count, mappings = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
def rss():
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
def written():
    return sum(1 for name in os.listdir(mappings) if name.endswith(".json"))
connection = http.client.HTTPConnection("127.0.0.1", port)
samples = []
for turn in range(2):
    for i in range(1, count + 1):
        connection.request("GET", f"/v1/heroes/{i:05d}")
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200:
            sys.exit(f"the recorder answered {answer.status} for hero {i:05d}")
        if turn == 0 and i == 100:
            samples.append(rss())
    deadline = time.time() + 30
    while written() < count and time.time() < deadline:
        time.sleep(0.05)
    if written() != count:
        sys.exit(f"{written()} mappings written for {count} distinct requests")
    samples.append(rss())
print(*samples)
PY
    )
    [ -n "${rss2:-}" ] || { echo "recording failed" >&2; exit 1; }
    kill "$recorder_pid" 2>/dev/null || true
    # The same stubs as a person writes them: the exact URL, the origin's body and Content-Type.
    mkdir -p "$WORK/handwritten/mappings"
    python3 - "$origin" "$count" "$WORK/handwritten/mappings/heroes.json" <<'PY'
import json, sys, urllib.request
origin, count, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
mappings = []
for i in range(1, count + 1):
    with urllib.request.urlopen(f"{origin}/v1/heroes/{i:05d}") as answer:
        mappings.append({"request": {"method": "GET", "url": f"/v1/heroes/{i:05d}"},
                         "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                                      "body": answer.read().decode()}})
with open(path, "w") as f:
    json.dump({"mappings": mappings}, f, indent=2)
PY
    # wrk asks for every path in turn (built in init, once the Host header is known).
    cat >"$WORK/spread.lua" <<LUA
local requests, n = {}, 0
function init(args)
    for i = 1, $count do requests[i] = wrk.format("GET", string.format("/v1/heroes/%05d", i)) end
end
function request()
    n = n % $count + 1
    return requests[n]
end
LUA
    start_mock replay --root-dir "$WORK/recorded" --no-heroes
    local replay_pid=$PID replay=$URL
    start_mock handwritten --root-dir "$WORK/handwritten" --no-heroes
    local hand_pid=$PID hand=$URL
    STUB_PIDS="$STUB_PIDS $replay_pid $hand_pid"
    for i in 1 $((count / 2)) "$count"; do
        local target
        target=$(printf "/v1/heroes/%05d" "$i")
        cmp -s <(curl -fsS "$replay$target") <(curl -fsS "$origin$target") \
            && cmp -s <(curl -fsS "$hand$target") <(curl -fsS "$origin$target") \
            || { echo "the replay, the hand-written stubs and the origin differ on $target" >&2; exit 1; }
    done
    printf "%-34s %11s %11s %11s %7s %7s  %s\n" "recording (issue 33)" "RSS at 100" "at $count" \
        "2nd pass" "× 100" "2nd ×" "goal ≤ 1.25×"
    local grow again
    grow=$(awk -v a="$rssall" -v b="$rss100" 'BEGIN { printf "%.2f", a / b }')
    again=$(awk -v a="$rss2" -v b="$rss100" 'BEGIN { printf "%.2f", a / b }')
    printf "%-34s %9.1fMB %9.1fMB %9.1fMB %6sx %6sx  %s\n" "$count GET /v1/heroes/{id}, twice" \
        "$(awk -v k="$rss100" 'BEGIN { print k / 1024 }')" "$(awk -v k="$rssall" 'BEGIN { print k / 1024 }')" \
        "$(awk -v k="$rss2" 'BEGIN { print k / 1024 }')" "$grow" "$again" \
        "$(awk -v a="$grow" -v b="$again" 'BEGIN { print (a <= 1.25 && b <= 1.25 ? "PASS" : "FAIL") }')"
    printf "\n%-34s %5s %3s %11s %9s %8s %11s %9s %8s %7s  %s\n" "replayed against hand-written" conns run \
        "replay req/s" "p99" "cpu" "hand req/s" "p99" "cpu" ratio "goal ≥ 0.80×"
    for run in $(seq "$REPEAT"); do
        read -r rrps rp99 rcpu < <(measure "$replay/" 64 "$replay_pid" "" "$WORK/spread.lua")
        read -r hrps hp99 hcpu < <(measure "$hand/" 64 "$hand_pid" "" "$WORK/spread.lua")
        ratio=$(awk -v a="$rrps" -v b="$hrps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
        ratios+=("$ratio")
        printf "%-34s %5s %3s %11.0f %7.2fms %6sµs %11.0f %7.2fms %6sµs %6sx\n" "/v1/heroes/{00001…$count}" 64 \
            "$run" "$rrps" "$rp99" "$rcpu" "$hrps" "$hp99" "$hcpu" "$ratio"
    done
    ratio=$(median "${ratios[@]}")
    printf "%-34s %5s %3s %11s %9s %8s %11s %9s %8s %6sx  %s\n" "/v1/heroes/{00001…$count}" 64 med "" "" "" "" "" \
        "" "$ratio" "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.8 ? "PASS" : "FAIL") }')"
    kill "$origin_pid" "$replay_pid" "$hand_pid" 2>/dev/null || true
    echo
}
if [ "${ONLY:-}" = hostile ]; then
    hostile_bench
    costly_bench
    exit 0
fi
if [ "${ONLY:-}" = startup ]; then
    startup_bench
    exit 0
fi
if [ "${ONLY:-}" = costly ]; then
    costly_bench
    exit 0
fi
if [ "${ONLY:-}" = proxy ]; then
    proxy_bench
    exit 0
fi
if [ "${ONLY:-}" = record ]; then
    record_bench
    exit 0
fi

if [ "${ONLY:-}" != heroes ]; then
    stub_bench
    [ "${ONLY:-}" = stubs ] && exit 0
    hostile_bench
    costly_bench
    startup_bench
    proxy_bench
    record_bench
fi

printf "%-22s %5s %3s %11s %9s %8s %11s %9s %8s %7s %7s  %s\n" endpoint conns run "mock req/s" "mock p99" \
    "mock cpu" "nginx req/s" "nginx p99" "ngx cpu" ratio "cpu ×" "goal ≥ 1.00× at 64"
for path in "/v1/heroes/$HERO" "/v1/heroes?page=1"; do
    for c in $CONNECTIONS; do
        ratios=() cpus=()
        for run in $(seq "$REPEAT"); do
            read -r mrps mp99 mcpu < <(measure "$MOCK$path" "$c" "$MOCK_PID")
            read -r nrps np99 ncpu < <(measure "$NGINX$path" "$c" "$NGINX_WORKER")
            ratio=$(awk -v a="$mrps" -v b="$nrps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
            cpu=$(awk -v a="$ncpu" -v b="$mcpu" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
            ratios+=("$ratio") cpus+=("$cpu")
            printf "%-22s %5s %3s %11.0f %7.2fms %6sµs %11.0f %7.2fms %6sµs %6sx %6sx\n" "$path" "$c" "$run" \
                "$mrps" "$mp99" "$mcpu" "$nrps" "$np99" "$ncpu" "$ratio" "$cpu"
        done
        ratio=$(median "${ratios[@]}")
        verdict=-
        [ "$c" = 64 ] && verdict=$(awk -v r="$ratio" 'BEGIN { print (r >= 1.0 ? "PASS" : "FAIL") }')
        printf "%-22s %5s %3s %11s %9s %8s %11s %9s %8s %6sx %6sx  %s\n" "$path" "$c" med "" "" "" "" "" "" \
            "$ratio" "$(median "${cpus[@]}")" "$verdict"
    done
done
echo "(cpu: the server's CPU time per request; cpu × is nginx's over mock-server's, so above 1 is better)"
[ "${ONLY:-}" = heroes ] && exit 0

# The same page with $HEROES generated heroes (the wire form of docs/API.md, as heroes-bench makes
# them): caching each page per store version keeps its cost independent of the roster's size.
make_heroes "$WORK/large" "$HEROES"
start_mock large --fixtures "$WORK/large"
LARGE_PID=$PID LARGE=$URL
[ "$(curl -fsS "$LARGE/v1/heroes?page=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')" = "$HEROES" ] \
    || { echo "the large mock-server does not serve $HEROES heroes" >&2; exit 1; }
printf "\n%-22s %5s %3s %11s %9s %8s %11s %9s %8s %7s %7s  %s\n" endpoint conns run "$HEROES req/s" "$HEROES p99" \
    "cpu" "44 req/s" "44 p99" "cpu" "p99 ×" "cpu ×" "goal ≤ 2.00×"
ratios=() cpus=()
for run in $(seq "$REPEAT"); do
    read -r lrps lp99 lcpu < <(measure "$LARGE/v1/heroes?page=1" 64 "$LARGE_PID")
    read -r srps sp99 scpu < <(measure "$MOCK/v1/heroes?page=1" 64 "$MOCK_PID")
    ratio=$(awk -v a="$lp99" -v b="$sp99" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    cpu=$(awk -v a="$lcpu" -v b="$scpu" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    ratios+=("$ratio") cpus+=("$cpu")
    printf "%-22s %5s %3s %11.0f %7.2fms %6sµs %11.0f %7.2fms %6sµs %6sx %6sx\n" "/v1/heroes?page=1" 64 "$run" \
        "$lrps" "$lp99" "$lcpu" "$srps" "$sp99" "$scpu" "$ratio" "$cpu"
done
ratio=$(median "${ratios[@]}")
verdict=$(awk -v r="$ratio" 'BEGIN { print (r <= 2.0 ? "PASS" : "FAIL") }')
printf "%-22s %5s %3s %11s %9s %8s %11s %9s %8s %6sx %6sx  %s\n" "/v1/heroes?page=1" 64 med "" "" "" "" "" "" \
    "$ratio" "$(median "${cpus[@]}")" "$verdict"
echo "(cpu × here is the $HEROES-hero server's CPU per request over the 44-hero one's: 1 means size-independent)"
kill "$LARGE_PID" 2>/dev/null || true
LARGE_PID=""
echo

# Past a million requests, then the resident set.
served() { curl -fsS "$MOCK/__admin/requests?since=999999999999" | sed -E 's/.*"last_sequence":([0-9]+).*/\1/'; }
while [ "$(served)" -lt "$MILLION" ]; do
    "${PIN_CLIENT[@]}" wrk -t1 -c64 -d10s "$MOCK/v1/heroes/$HERO" >/dev/null 2>&1
done
rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$MOCK_PID/status")
hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$MOCK_PID/status")
echo "mock-server after $(served) requests: RSS $((rss / 1024)) MB (peak $((hwm / 1024)) MB)"
