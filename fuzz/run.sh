#!/usr/bin/env bash
# Coverage-guided fuzzing of the library with AFL++ and SharpFuzz (see docs/fuzzing.md).
#
#   fuzz/run.sh [target|all] [seconds] [max-executions]    (default: all targets, 30 seconds each)
#
# Installs what is missing (AFL++ from Debian/Ubuntu, as root or through sudo; the sharpfuzz local tool),
# publishes fuzz/Sparrow.Fuzz to artifacts/fuzz/bin and instruments the COPIES of Sparrow.Memory.dll and
# Sparrow.Formatting.dll there (never the shipped build), then runs afl-fuzz on each target in turn, one process
# at a time, from its seeds in fuzz/corpus/<target>/ (and regression inputs in fuzz/findings/<target>/), for the
# given seconds or until max-executions. Prints each target's fuzzer_stats summary; exits non-zero when any
# target crashed (the crashing inputs stay in artifacts/fuzz/out/<target>/default/crashes/; reproduce one with
# `artifacts/fuzz/bin/Sparrow.Fuzz <target> <file>`).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-all}
seconds=${2:-30}
max_executions=${3:-}
# FUZZ_ARTIFACTS: another folder for the build and the results (e.g. a long campaign beside a short run).
artifacts=${FUZZ_ARTIFACTS:-artifacts/fuzz}
bin=$artifacts/bin
out=$artifacts/out

if ! command -v afl-fuzz >/dev/null; then
  command -v apt-get >/dev/null || { echo "run.sh: install afl++ (no apt-get here)" >&2; exit 2; }
  sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  echo "installing afl++"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends afl++ >/dev/null
fi
dotnet tool restore >/dev/null

echo "publishing fuzz/Sparrow.Fuzz and instrumenting its copy of the libraries"
rm -rf "$bin"
dotnet publish fuzz/Sparrow.Fuzz -c Release -o "$bin" -nologo -v quiet
for library in Sparrow.Memory Sparrow.Formatting; do
  dotnet sharpfuzz "$bin/$library.dll" >/dev/null
done

targets=("$target")
if [ "$target" = "all" ]; then
  mapfile -t targets < <(ls fuzz/corpus)
fi

# Debian's AFL++ checks for an ELF with its own instrumentation; SharpFuzz instruments the .NET code instead
# (AFL_SKIP_BIN_CHECK). SharpFuzz's map is 64 KiB. No UI, no CPU governor or core binding checks (a shared
# machine, CI), and a core_pattern that pipes to a crash handler (as on most machines) is tolerated. A seed or
# finding that crashes stops afl-fuzz (no AFL_SKIP_CRASHES), which fails the run.
export AFL_SKIP_BIN_CHECK=1 AFL_MAP_SIZE=65536 AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 \
  AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 DOTNET_CLI_TELEMETRY_OPTOUT=1

status=0
for name in "${targets[@]}"; do
  [ -d "fuzz/corpus/$name" ] || { echo "run.sh: no seeds in fuzz/corpus/$name" >&2; exit 2; }
  seeds=$artifacts/seeds/$name
  rm -rf "$seeds" "$out/$name"
  mkdir -p "$seeds" "$out"
  cp "fuzz/corpus/$name"/* "$seeds"/
  [ -d "fuzz/findings/$name" ] && cp "fuzz/findings/$name"/* "$seeds"/
  limit=(-V "$seconds")
  [ -n "$max_executions" ] && limit+=(-E "$max_executions")

  echo "fuzzing $name (${seconds} s${max_executions:+ or $max_executions executions})"
  afl-fuzz -i "$seeds" -o "$out/$name" "${limit[@]}" -t 5000 -m none -- "$bin/Sparrow.Fuzz" "$name" \
    > "$out/$name.log" 2>&1 < /dev/null || { echo "afl-fuzz failed on $name:"; tail -30 "$out/$name.log"; status=1; continue; }

  stats=$out/$name/default/fuzzer_stats
  value() { grep "^$1 " "$stats" | sed 's/.*: //'; }
  crashes=$(find "$out/$name/default/crashes" -type f ! -name README.txt | wc -l)
  hangs=$(find "$out/$name/default/hangs" -type f | wc -l)
  echo "  $name: $(value execs_done) executions, $(value execs_per_sec) exec/s, $(value corpus_count) paths, $crashes crashes, $hangs hangs, $(value run_time) s"
  if [ "$crashes" -gt 0 ]; then
    status=1
    for crash in "$out/$name"/default/crashes/id*; do
      echo "  CRASH $crash:"
      ("$bin/Sparrow.Fuzz" "$name" "$crash" 2>&1 || true) | head -5 | sed 's/^/    /'
    done
  fi
done
exit "$status"
