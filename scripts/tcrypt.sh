#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job: build the arm64 kernel with this project's drivers (arm64-bench:
# the test kernel without its debug options), boot it once under QEMU (-cpu
# cortex-a57) with the in-tree 6.12 drivers and ours loaded, and print, for
# the algorithms of tcrypt modes 303-306 (SHA-1, SHA-256, SHA-384, SHA-512),
# a table each: tcrypt's rows (block size, update size) for our selected
# driver <alg>-arm64-auto-rs and for the driver the kernel picks without ours
# (on 6.12 the in-tree one of highest priority the CPU has, on 7.x
# <alg>-lib), their throughput ratio, which driver the kernel picks with ours
# loaded, and the unit each CPU type chose at module load.
#
# It is scripts/performance/bench.sh with RSHA_BENCH_TCRYPT=1 (which says
# more). RSHA_TARGET: another *-bench or *-test target (arm-bench,
# arm64-7.3-bench, ...); RSHA_CPU: another QEMU -cpu (default: the target's
# first CPU). Console: $RSHA_CACHE/logs/tcrypt-<target>-<cpu>.log.
#
# QEMU (TCG) timings are not hardware timings: compare rows within one run only.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$RSHA_ROOT/scripts/targets.sh"
TARGET=${RSHA_TARGET:-arm64-bench}
target_info "$TARGET"
CPU=${RSHA_CPU:-${CPUS%% *}}
RSHA_BENCH_TCRYPT=1 RSHA_BENCH_CPU=$CPU exec "$RSHA_ROOT/scripts/performance/bench.sh" "$TARGET"
