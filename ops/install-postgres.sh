#!/usr/bin/env bash
# Installs PostgreSQL 15 with pgvector on Debian bookworm, for development and CI (README, "Running
# against PostgreSQL"). Idempotent: does nothing when pgvector is already installed. Runs as root,
# or through sudo otherwise.
#
# Bookworm has no pgvector package for PostgreSQL 15, so pgvector is built from Debian trixie's
# source package (0.8.x) against bookworm's PostgreSQL 15.
set -euo pipefail

PG_DIR=/usr/lib/postgresql/15
CONTROL=/usr/share/postgresql/15/extension/vector.control # Debian's `pg_config --sharedir`
if [ -f "$PG_DIR/lib/vector.so" ] && [ -f "$CONTROL" ] && [ -x "$PG_DIR/bin/initdb" ]; then
  echo "PostgreSQL 15 with pgvector is already installed"
  exit 0
fi

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo env DEBIAN_FRONTEND=noninteractive "$@"; fi
}

work=$(mktemp -d)
log="$work/install.log"
trap 'rm -rf "$work"' EXIT

# Runs a step with its output in the log; on failure shows the log's end and stops.
step() {
  local what=$1
  shift
  if ! "$@" >>"$log" 2>&1; then
    echo "install-postgres: $what failed; last lines of its output:" >&2
    tail -n 30 "$log" >&2
    exit 1
  fi
}

# The mirror of the release this machine runs: deb822 (*.sources) or one-line (*.list) format.
debian_mirror() {
  local codename
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  local sources=(/etc/apt/sources.list.d/*.sources) lists=(/etc/apt/sources.list /etc/apt/sources.list.d/*.list)
  {
    for file in "${sources[@]}"; do
      [ -f "$file" ] || continue
      awk -v suite="$codename" 'BEGIN { RS = ""; FS = "\n" } {
        types = ""; uris = ""; suites = ""
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^Types:/) types = $i
          else if ($i ~ /^URIs:/) uris = $i
          else if ($i ~ /^Suites:/) suites = $i
        }
        if (types ~ /[ \t]deb([ \t]|$)/ && (suites " ") ~ ("[ \t]" suite "[ \t]")) {
          split(uris, u, /[ \t]+/); print u[2]
        }
      }' "$file"
    done
    for file in "${lists[@]}"; do
      [ -f "$file" ] || continue
      # deb [options] URI suite components...
      sed -E 's/\[[^]]*\]//' "$file" | awk -v suite="$codename" '$1 == "deb" && $3 == suite { print $2 }'
    done
  } | head -n 1
}

if ! command -v apt-get >/dev/null; then
  echo "install-postgres: this script needs Debian (apt-get not found)" >&2
  exit 1
fi

mirror=$(debian_mirror)
if [ -z "$mirror" ]; then
  echo "install-postgres: no Debian mirror for this release found in /etc/apt/sources.list or /etc/apt/sources.list.d/" >&2
  exit 1
fi

echo "Installing PostgreSQL 15 and building pgvector (from $mirror, trixie sources)"
export DEBIAN_FRONTEND=noninteractive
packages=(postgresql postgresql-15 postgresql-server-dev-15 dpkg-dev)
command -v make >/dev/null || packages+=(make)
command -v gcc >/dev/null || packages+=(gcc)
step "apt-get update" as_root apt-get update -q
step "apt-get install ${packages[*]}" as_root apt-get install -y -q --no-install-recommends --no-upgrade "${packages[@]}"

# A one-off source list for the trixie sources only: the machine's apt configuration is left as it was.
echo "deb-src $mirror trixie main" >"$work/trixie-src.list"
mkdir "$work/no-parts"
trixie=(-o Dir::Etc::SourceList="$work/trixie-src.list" -o Dir::Etc::SourceParts="$work/no-parts" -o APT::Get::List-Cleanup=0)
step "apt-get update (trixie deb-src)" as_root apt-get "${trixie[@]}" update -q

mkdir "$work/src"
chmod 755 "$work" "$work/src" # apt's _apt user downloads into it
step "apt-get source pgvector" bash -c 'cd "$1" && shift && "$@"' _ "$work/src" apt-get "${trixie[@]}" source -q pgvector
src_dir=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d -name 'pgvector-*' | head -n 1)
if [ -z "$src_dir" ]; then
  echo "install-postgres: apt-get source pgvector produced no source directory" >&2
  exit 1
fi

step "make (pgvector)" make -j"$(nproc)" -C "$src_dir" PG_CONFIG="$PG_DIR/bin/pg_config"
step "make install (pgvector)" as_root make -C "$src_dir" PG_CONFIG="$PG_DIR/bin/pg_config" install

for file in "$PG_DIR/lib/vector.so" "$CONTROL"; do
  if [ ! -f "$file" ]; then
    echo "install-postgres: pgvector was built but $file is missing" >&2
    exit 1
  fi
done
echo "Installed PostgreSQL $("$PG_DIR/bin/pg_config" --version | awk '{ print $2 }') with pgvector $(sed -nE "s/^default_version *= *'([^']*)'.*/\1/p" "$CONTROL")"
