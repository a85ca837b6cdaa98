# Sourced by fixture-server and fixture-client: runs a main class of the conformance fixture module,
#   java -p fixture/target/lib -m dev.jmcp.conformance/CLASS ARGS
# (the Streamable HTTP transport in that folder is found by service binding), building the module
# first when its module path is missing or older than the sources. The build is quiet and writes
# only to stderr; it packages (never installs) the reactor's modules, so that it leaves the local
# Maven repository alone. JMCP_FIXTURE_MODULE_PATH, when set, is the module path to run with
# instead, and nothing is built: a test passes the one it runs on.
fixture_here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fixture_root="$(dirname "$fixture_here")"
fixture_lib="$fixture_here/fixture/target/lib"
fixture_jar="$fixture_lib/mcp-conformance-fixture-0.1.0-SNAPSHOT.jar"

fixture_stale() {
  [[ ! -f "$fixture_jar" ]] && return 0
  # any source, pom or sibling module newer than the fixture's jar
  [[ -n "$(find "$fixture_here/fixture/src" "$fixture_here/fixture/pom.xml" "$fixture_root/pom.xml" \
             "$fixture_root/mcp-schema/src/main" "$fixture_root/mcp-core/src/main" \
             "$fixture_root/mcp-transport-netty/src/main" "$fixture_root/mcp-auth/src/main" -newer "$fixture_jar" -print -quit 2>/dev/null)" ]]
}

# every Maven run of this tree goes through one lock, so that parallel builds do not clash
fixture_mvn_locked() {
  if command -v flock >/dev/null; then flock /tmp/jmcp-mvn.lock mvn "$@"; else mvn "$@"; fi
}

# fixture_java NAME CLASS ARGS...: NAME prefixes what the build says on stderr
fixture_java() {
  local name=$1 class=$2
  shift 2
  local path=${JMCP_FIXTURE_MODULE_PATH:-}
  if [[ -z "$path" ]]; then
    path=$fixture_lib
    if fixture_stale; then
      echo "$name: building the fixture module ..." >&2
      # -o first (no network), then online if a dependency is missing; Maven's output goes to stderr
      if ! ( cd "$fixture_root" && { fixture_mvn_locked -q -o -B -Dstyle.color=never package -DskipTests -pl conformance/fixture -am 1>&2 \
              || fixture_mvn_locked -q -B -Dstyle.color=never package -DskipTests -pl conformance/fixture -am 1>&2; } ); then
        [[ -f "$fixture_jar" ]] || { echo "$name: the build failed" >&2; exit 1; }
        echo "$name: the build failed; running the previous build" >&2
      else
        touch "$fixture_jar"   # the jar plugin keeps an up-to-date jar as it was: mark this check as done
      fi
    fi
  fi
  exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -p "$path" -m "dev.jmcp.conformance/$class" "$@"
}
