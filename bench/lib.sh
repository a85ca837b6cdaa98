# Shared by the bench/ scripts (sourced, not run): where things are, and the steps every one of
# them takes before it measures anything. Expects bench_root (the repository) to be set.

bench_jar="$bench_root/mcp-benchmarks/target/benchmarks.jar"
# the lock every Maven build on this machine takes, so that no build runs beside a measurement's
bench_lock="${BENCH_MVN_LOCK:-/tmp/jmcp-mvn.lock}"

# Builds mcp-benchmarks/target/benchmarks.jar when it is missing or older than a source or pom it
# comes from, under flock on bench_lock; BENCH_MVN_ARGS adds flags to that build (e.g. -o).
# $1 names the caller in the message.
bench_build_jar() {
    local newer
    if [[ -f $bench_jar ]]; then
        newer="$(find "$bench_root/pom.xml" "$bench_root/mcp-schema/pom.xml" "$bench_root/mcp-schema/src/main" \
            "$bench_root/mcp-core/pom.xml" "$bench_root/mcp-core/src/main" \
            "$bench_root/mcp-transport-stdio/pom.xml" "$bench_root/mcp-transport-stdio/src/main" \
            "$bench_root/mcp-transport-netty/pom.xml" "$bench_root/mcp-transport-netty/src/main" \
            "$bench_root/mcp-postgres/pom.xml" "$bench_root/mcp-postgres/src/main" \
            "$bench_root/mcp-benchmarks/pom.xml" "$bench_root/mcp-benchmarks/src" -type f -newer "$bench_jar" -print -quit)"
        [[ -z $newer ]] && return 0
    fi
    echo "$1: building $bench_jar (waiting for $bench_lock)" >&2
    local mvn_extra
    read -r -a mvn_extra <<<"${BENCH_MVN_ARGS:-}"
    (cd "$bench_root" && flock "$bench_lock" mvn -q -pl mcp-benchmarks -am package -DskipTests ${mvn_extra[@]+"${mvn_extra[@]}"}) >&2
}

# Builds the jmcp command of a checkout ($1, default bench_root) under the same lock, outside any
# measurement (./jmcp builds itself when its sources changed).
bench_build_jmcp() {
    JMCP_BUILD_LOCK="${JMCP_BUILD_LOCK:-$bench_lock}" "${1:-$bench_root}/jmcp" --help >/dev/null
}

# A TCP port free on 127.0.0.1 now.
bench_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to $3 seconds for 127.0.0.1:$2 to accept connections while process $1 lives.
bench_await_port() {
    local pid=$1 port=$2 tenths=$(($3 * 10))
    until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        kill -0 "$pid" 2>/dev/null && ((tenths-- > 0)) || return 1
        sleep 0.1
    done
}

# Prints the path of a new results file, bench/results/<UTC timestamp>-$1.md (its folder made).
bench_results_file() {
    mkdir -p "$bench_root/bench/results"
    echo "$bench_root/bench/results/$(date -u +%Y%m%dT%H%M%SZ)-$1.md"
}
