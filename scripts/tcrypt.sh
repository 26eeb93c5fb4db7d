#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job: build the arm64 kernel with this project's drivers (arm64-bench:
# the test kernel without its debug options), boot it
# under QEMU (-cpu cortex-a57), insmod the modules and print the
# `tcrypt mode=304 sec=1` speed table (SHA-256; the kernel picks the driver with
# the highest priority, ours: the selected driver sha256-arm64-auto-rs, which
# runs the unit the module measured fastest on that CPU).
#
# QEMU (TCG) timings are not hardware timings: compare rows within one run only.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$RSHA_ROOT/scripts/targets.sh"
TARGET=${RSHA_TARGET:-arm64-bench}
MODE=${RSHA_TCRYPT_MODE:-304}
target_info "$TARGET"
CPU=${RSHA_CPU:-${CPUS%% *}}

"$RSHA_ROOT/scripts/setup-host.sh"
BUILD=$("$RSHA_ROOT/scripts/build/kernel.sh" "$TARGET")
mkdir -p "$RSHA_CACHE/logs"
initrd=$RSHA_CACHE/logs/$TARGET.cpio
"$RSHA_ROOT/scripts/guest/rootfs.sh" "$DEBARCH" "$BUILD" "$initrd"
log=$RSHA_CACHE/logs/tcrypt-$TARGET-${CPU%%,*}-$MODE.log
step "booting $TARGET on $CPU: insmod ${MODULES}, tcrypt mode=$MODE sec=1 (console: $log)"
"$RSHA_ROOT/scripts/guest/run.sh" "$ARCH" "$CPU" "$BUILD/$IMAGE" "$initrd" "$log" 900 \
	rsha.mode=bench "rsha.modules=${MODULES// /,}" "rsha.tcrypt=mode=$MODE:sec=1"
echo
echo "unit choices at module load (rust/rsha/select.rs; TCG times, not hardware ones):"
grep -E '_rs: (unit=|CPU type )' "$log" | sed -E 's/^\[[^]]*\] //; s/^/  /' || true
echo
echo "tcrypt mode=$MODE, $TARGET on qemu -cpu $CPU (TCG: not hardware timings; compare rows within this run only)"
python3 "$RSHA_ROOT/scripts/results/parse.py" "$log" --table
