#!/usr/bin/env bash
# Runs the library test suites (Sparrow.Memory.Tests, Sparrow.Formatting.Tests, tests/Sparrow.ReadMe.Tests) as
# linux-arm64 code: tools/test-runner published self-contained for linux-arm64, run under qemu-user on any other
# machine (natively on an arm64 one). Installs what it needs (Debian/Ubuntu, as root or through sudo) when missing,
# and says nothing about it when everything is there.
#
#   tools/arm64/run-tests.sh [results-directory]    (default artifacts/test-results)
#
# Writes one TRX file per suite, linux-arm64-<suite>.trx, and exits non-zero when a test failed or none ran.
set -euo pipefail
cd "$(dirname "$0")/../.."
results=${1:-artifacts/test-results}
runner=artifacts/arm64/test-runner

if [ "$(uname -m)" = "aarch64" ]; then
  emulator=()
else
  # The emulator and the arm64 C libraries the .NET runtime loads (Debian's multiarch paths, so no -L is needed).
  packages=(qemu-user-static libc6:arm64 libstdc++6:arm64 libgcc-s1:arm64 zlib1g:arm64)
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

echo "publishing tools/test-runner for linux-arm64"
dotnet publish tools/test-runner -c Release -r linux-arm64 --self-contained -o "$runner" -nologo -v quiet

# No ICU for arm64 is installed: the tests need none of it (invariant globalization).
# W^X off: the runtime writes JIT code through a second, writable mapping of the executable pages, which qemu-user
# does not see, so it would keep running its stale translation of that code (illegal instructions, bogus faults).
export DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1 DOTNET_EnableWriteXorExecute=0
# A hung emulator must not hang CI: the run takes a few minutes even on a busy machine.
timeout --kill-after=30 20m "${emulator[@]}" "$runner/test-runner" --results "$results" --prefix linux-arm64
