#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh ARCH CPU KERNEL INITRD LOG TIMEOUT CMDLINE...: boot one guest under
# QEMU (TCG unless RSHA_GUEST_ACCEL says otherwise), its serial console into LOG. The guest powers itself off; a panic
# makes QEMU exit (panic=-1 with -no-reboot); a hang is ended when the console
# has been silent for RSHA_GUEST_SILENCE seconds (600), and any run after
# TIMEOUT seconds. The silence decides in practice: a guest's time under TCG
# depends on what else the host runs (a boot of 7 minutes alone took over 15
# beside another guest and a kernel build), while no step of the guests'
# scripts is silent for more than a few minutes even then.
# Exit status: 0 when the guest reached its end marker, 1 otherwise, after
# printing the last console lines. The host CPU time QEMU used goes to
# LOG.cpu ("USER SYS" seconds). RSHA_GUEST_SMP and RSHA_GUEST_MEM (MiB) size
# the guest (default 2 CPUs, 512 MiB). RSHA_GUEST_ICOUNT=1 runs it with
# -icount shift=0,sleep=off: the guest clock advances 1 ns per guest
# instruction (scripts/performance/bench.sh's instruction-count mode).
# RSHA_GUEST_DRIVES (space-separated raw images) are the guest's virtio
# disks (scripts/guest/debian-system.sh). RSHA_GUEST_ACCEL=kvm runs the
# guest under KVM instead of TCG (CPU then names what KVM passes through,
# "host..."; scripts/guest/debian-system.sh checks first that KVM works).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
ARCH=$1 CPU=$2 KERNEL=$3 INITRD=$4 LOG=$5 TIMEOUT=$6
shift 6
case $ARCH in
arm64) QEMU=qemu-system-aarch64 PKG=qemu-system-arm CONSOLE=ttyAMA0 MACHINE=virt ;;
arm) QEMU=qemu-system-arm PKG=qemu-system-arm CONSOLE=ttyAMA0 MACHINE=virt ;;
x86_64) QEMU=qemu-system-x86_64 PKG=qemu-system-x86 CONSOLE=ttyS0 MACHINE=q35 ;;
# User-Mode Linux: the kernel is a host program, on the host CPU; CPU is "host".
um) QEMU= ;;
*) die "unknown guest architecture $ARCH" ;;
esac
[ -z "$QEMU" ] || need "$QEMU" "$PKG"
icount=()
[ "${RSHA_GUEST_ICOUNT:-0}" = 0 ] || icount=(-icount shift=0,sleep=off)
accel=()
[ -z "${RSHA_GUEST_ACCEL:-}" ] || accel=(-accel "$RSHA_GUEST_ACCEL")
drives=()
for d in ${RSHA_GUEST_DRIVES:-}; do drives+=(-drive "file=$d,format=raw,if=virtio"); done
SILENCE=${RSHA_GUEST_SILENCE:-600}
rm -f "$LOG" "$LOG.cpu"
: >"$LOG"
rc=0
if [ -z "$QEMU" ]; then
	# Its console (con0) on stdout, the other consoles and serial lines
	# nowhere; its memory file in TMPDIR.
	timeout --kill-after=10 "$TIMEOUT" "$KERNEL" mem="${RSHA_GUEST_MEM:-512}M" initrd="$INITRD" \
		con=null ssl=null con0=null,fd:1 panic=-1 "$@" </dev/null >"$LOG" 2>&1 &
else
	timeout --kill-after=10 "$TIMEOUT" "$QEMU" "${accel[@]}" "${icount[@]}" -M "$MACHINE" -cpu "$CPU" -smp "${RSHA_GUEST_SMP:-2}" -m "${RSHA_GUEST_MEM:-512}" \
		-display none -monitor none -nic none -serial "file:$LOG" -no-reboot \
		-kernel "$KERNEL" -initrd "$INITRD" "${drives[@]}" \
		-append "console=$CONSOLE panic=-1 $*" </dev/null &
fi
guest=$!
# The watchdog: the console's size, every 2 seconds.
silent=0 size=0 hung=
while kill -0 "$guest" 2>/dev/null; do
	sleep 2
	now=$(stat -c %s "$LOG" 2>/dev/null || echo 0)
	if [ -z "$QEMU" ] && grep -q -m1 'Kernel panic' "$LOG"; then
		# UML has no -no-reboot: a panic (panic=-1) would restart it.
		kill "$guest" 2>/dev/null || true
		break
	elif [ "$now" != "$size" ]; then
		size=$now silent=0
	elif [ $((silent += 2)) -ge "$SILENCE" ]; then
		hung=1
		kill "$guest" 2>/dev/null || true
		sleep 10
		kill -KILL "$guest" 2>/dev/null || true
		break
	fi
done
wait "$guest" || rc=$?
# times: this shell's user and system time, then its children's (QEMU),
# written by the shell itself (in a pipeline, a subshell would have none).
# Its second line, "1m2.345s 0m6.789s", becomes "62.3 6.8".
times >"$LOG.cpu.times"
awk -F'[ms ]+' 'NR == 2 { printf "%.1f %.1f\n", $1 * 60 + $2, $3 * 60 + $4 }' "$LOG.cpu.times" >"$LOG.cpu"
rm -f "$LOG.cpu.times"
if ! grep -q '^@@RSHA done' "$LOG" 2>/dev/null; then
	if [ -n "$hung" ]; then
		echo "guest ($ARCH, $CPU) hung: no console output for ${SILENCE}s; last console lines:" >&2
	elif [ $rc = 124 ] || [ $rc = 137 ]; then
		echo "guest ($ARCH, $CPU) did not finish within ${TIMEOUT}s; last console lines:" >&2
	elif grep -q 'Kernel panic' "$LOG" 2>/dev/null; then
		echo "guest ($ARCH, $CPU) panicked; last console lines:" >&2
	else
		echo "guest ($ARCH, $CPU) stopped early (qemu exit $rc); last console lines:" >&2
	fi
	tail -n 30 "$LOG" 2>/dev/null | sed 's/^/  | /' >&2
	exit 1
fi
