#!/usr/bin/env bash
# Builds tools/aot-measure three ways and prints README's NativeAOT table (ns per call, medians; a diagnostic):
#   JIT                  dotnet run's build, tiered compilation as an application gets it
#   NativeAOT (default)  dotnet publish -p:PublishAot=true: the default instruction-set target of the x64 compiler
#   NativeAOT (x86-64-v4) the same with -p:IlcInstructionSet=x86-64-v4: AVX-512 (F, BW, CD, DQ, VL; in .NET 10 also
#                        VBMI and 512-bit VPCLMULQDQ). `native` enabled all of those but Pclmulqdq.V512 on this Zen 4.
#
#   tools/aot-measure/run.sh
# NativeAOT needs clang (or gcc) and zlib1g-dev; .ci/run installs them for the package consumer.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=artifacts/aot-measure
rm -rf "$out"
rid=linux-$(uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/')

dotnet build tools/aot-measure -c Release -nologo -v quiet -o "$out/jit"
dotnet publish tools/aot-measure -c Release -r "$rid" -nologo -v quiet -p:PublishAot=true -o "$out/aot-default"
dotnet publish tools/aot-measure -c Release -r "$rid" -nologo -v quiet -p:PublishAot=true -p:IlcInstructionSet=x86-64-v4 -o "$out/aot-v4"

dotnet "$out/jit/aot-measure.dll" > "$out/jit.txt"
"$out/aot-default/aot-measure" > "$out/aot-default.txt"
"$out/aot-v4/aot-measure" > "$out/aot-v4.txt"

grep '^#' "$out/jit.txt" "$out/aot-default.txt" "$out/aot-v4.txt" | sed 's/^[^#]*# /    /'
echo
echo "| Operation (ns per call) | JIT | NativeAOT, default target | NativeAOT, IlcInstructionSet=x86-64-v4 |"
echo "|---|---:|---:|---:|"
paste <(grep -v '^#' "$out/jit.txt" | cut -f1,2) <(grep -v '^#' "$out/aot-default.txt" | cut -f2) <(grep -v '^#' "$out/aot-v4.txt" | cut -f2) \
  | awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }'
