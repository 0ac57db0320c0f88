#!/usr/bin/env bash
# Runs the library test suites (Sparrow.Memory.Tests, Sparrow.Formatting.Tests, tests/Sparrow.ReadMe.Tests,
# fuzz/Sparrow.Fuzz.Tests) as linux-arm64 code: each test project is an xunit v3 executable with its runner inside,
# published self-contained for linux-arm64 and run directly, under qemu-user on any other machine (natively on an
# arm64 one). Installs what it needs (Debian/Ubuntu, as root or through sudo) when missing, and says nothing about
# it when everything is there.
#
#   tools/arm64/run-tests.sh [results-directory]    (default artifacts/test-results)
#
# Writes one TRX file per suite, linux-arm64-<suite>.trx, and exits non-zero when a test failed or none ran.
set -euo pipefail
cd "$(dirname "$0")/../.."
results=${1:-artifacts/test-results}
suites=(Sparrow.Memory.Tests Sparrow.Formatting.Tests tests/Sparrow.ReadMe.Tests fuzz/Sparrow.Fuzz.Tests)

if [ "$(uname -m)" = "aarch64" ]; then
  emulator=()
else
  # The emulator and the arm64 C libraries the .NET runtime loads (Debian's multiarch paths, so no -L is needed),
  # OpenSSL among them: xunit names each test by a SHA-256, which the runtime computes through it. Its package is
  # named as the host's own (libssl3t64 from Debian 13 and Ubuntu 24.04 on).
  libssl=libssl3
  dpkg-query -W -f='${Status}' "libssl3t64:$(dpkg --print-architecture)" 2>/dev/null | grep -q 'install ok installed' && libssl=libssl3t64
  packages=(qemu-user-static libc6:arm64 libstdc++6:arm64 libgcc-s1:arm64 zlib1g:arm64 "$libssl:arm64")
  missing=()
  for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    command -v apt-get >/dev/null || { echo "run-tests.sh: install ${missing[*]} (no apt-get here)" >&2; exit 2; }
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    echo "installing ${missing[*]}"
    dpkg --print-foreign-architectures | grep -qx arm64 || "${sudo[@]}" dpkg --add-architecture arm64
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  # binfmt_misc may not be mounted (it is not on the CI machines), so the emulator is named, not implied.
  emulator=(qemu-aarch64-static)
fi

for project in "${suites[@]}"; do
  echo "publishing $project for linux-arm64"
  dotnet publish "$project" -c Release -r linux-arm64 --self-contained -o "artifacts/arm64/$(basename "$project")" -nologo -v quiet
done

# No ICU for arm64 is installed: the tests need none of it (invariant globalization).
# W^X off: the runtime writes JIT code through a second, writable mapping of the executable pages, which qemu-user
# does not see, so it would keep running its stale translation of that code (illegal instructions, bogus faults).
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_EnableWriteXorExecute=0
mkdir -p "$results"
# A hung emulator must not hang CI: the suites share 20 minutes (they take a few even on a busy machine).
deadline=$((SECONDS + 20 * 60))
status=0
for project in "${suites[@]}"; do
  suite=$(basename "$project")
  trx="$results/linux-arm64-$suite.trx"
  left=$((deadline - SECONDS))
  if [ "$left" -le 0 ]; then
    echo "run-tests.sh: no time left for $suite" >&2; status=1; continue
  fi
  # Theories enumerated row by row at discovery, as `dotnet test` does, so each row counts as a test and a row
  # whose path cannot run here is reported skipped on its own.
  timeout --kill-after=30 "$left" "${emulator[@]}" "artifacts/arm64/$suite/$suite" -noLogo -noColor \
    -preEnumerateTheories -result-trx "$trx" || status=1
  grep -q '<Counters [^>]* passed="[1-9]' "$trx" 2>/dev/null || { echo "run-tests.sh: no test of $suite passed" >&2; status=1; }
done
exit "$status"
