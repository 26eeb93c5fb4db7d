#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The test suite: host tests of the engine and the cores, then the test kernels
# booted under QEMU. Prints one PASS/FAIL line per result and ends with
# "N passed, M failed"; exits non-zero when anything failed.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$RSHA_ROOT/scripts/targets.sh"
trap - ERR	# failures are results here, counted below
TARGETS=${RSHA_TARGETS:-arm64-test arm-test arm-thumb2-test}
GUEST_TIMEOUT=${RSHA_GUEST_TIMEOUT:-1800}
# Robustness (issue 7): testmgr fuzz iterations (the kernel's default is 100),
# and a guest with 4 CPUs for the threads test and KASAN's shadow memory. The
# module load cycles per boot are in scripts/targets.sh.
FUZZ=${RSHA_FUZZ_ITERATIONS:-500}
export RSHA_GUEST_SMP=4 RSHA_GUEST_MEM=1024

"$RSHA_ROOT/scripts/setup-host.sh" || exit 1
mkdir -p "$RSHA_CACHE/logs"
RESULTS=$RSHA_CACHE/logs/results.txt
: >"$RESULTS"
# Longest NEON section per driver and boot: measured, never pass/fail.
LATENCY=$RSHA_CACHE/logs/neon-sections.csv
echo "boot,driver,sections,largest_bytes,mean_ns,largest_ns" >"$LATENCY"
# record LINE...: keep and show result lines (PASS .../FAIL ...).
record() { grep -E '^(PASS|FAIL) ' | tee -a "$RESULTS"; }
fail() { echo "FAIL $*" | tee -a "$RESULTS"; }
pass() { echo "PASS $*" | tee -a "$RESULTS"; }

step "host: cargo test of the Merkle-Damgard engine (rust/md-host)"
log=$RSHA_CACHE/logs/cargo-test.log
(cd "$RSHA_ROOT/rust/md-host" && CARGO_TARGET_DIR=$RSHA_CACHE/cargo-target \
	cargo test --locked --release) >"$log" 2>&1
rc=$?
sed -nE 's/^test (.*) \.\.\. ok$/PASS host engine: \1/p; s/^test (.*) \.\.\. FAILED$/FAIL host engine: \1/p' "$log" | record
grep -qE '^test result: ok\. [1-9]' "$log" && [ $rc = 0 ] ||
	{ fail "host engine: cargo test exit $rc (log: $log)"; tail -n 20 "$log"; }

for core in $CORE_TESTS; do
	step "host: $core assembly cores against a C reference, under qemu-user"
	bash "$RSHA_ROOT/tests/cores/run.sh" ${core/:/ } 2>&1 |
		sed -E 's/^(PASS|FAIL) /\1 cores '"$core"': /' | record
	[ "${PIPESTATUS[0]}" = 0 ] || fail "cores $core: tests/cores/run.sh failed"
done

step "test vectors: cryptography-vectors from PyPI"
VECTORS=$RSHA_CACHE/vectors
python3 "$RSHA_ROOT/scripts/cavp-vectors.py" "$VECTORS" || fail "test vectors: cavp-vectors.py"

for target in $TARGETS; do
	target_info "$target"
	if ! BUILD=$("$RSHA_ROOT/scripts/kernel.sh" "$target"); then
		fail "$target: kernel build (see above)"
		continue
	fi
	pass "$target: kernel and modules build"
	initrd=$RSHA_CACHE/logs/$target.cpio
	# The first boot of each kernel with USERS_BOOT (scripts/targets.sh) also
	# runs the in-kernel users (scripts/guest/users.sh) with Debian's programs
	# and the test vectors.
	users_initrd=$RSHA_CACHE/logs/$target-users.cpio
	pkgs=$RSHA_CACHE/logs/$DEBARCH-packages.list
	if ! "$RSHA_ROOT/scripts/guest-rootfs.sh" "$DEBARCH" "$BUILD" "$initrd" ||
		! "$RSHA_ROOT/scripts/guest-packages.sh" "$DEBARCH" "$pkgs" $USERS_PACKAGES -- $USERS_PROGRAMS ||
		! "$RSHA_ROOT/scripts/guest-rootfs.sh" "$DEBARCH" "$BUILD" "$users_initrd" \
			"/users.sh=$RSHA_ROOT/scripts/guest/users.sh" "@$pkgs" "@$VECTORS/cpio.list"; then
		fail "$target: guest initramfs"
		continue
	fi
	# boot NAME CPU DRIVERS ABSENT SELECTED CYCLES [users]: one guest run, parsed
	# into results; CYCLES rmmod/insmod cycles per module.
	boot() {
		local label="$target $1" log=$RSHA_CACHE/logs/$target-$1.log rd=$initrd users=()
		local cycles=$6
		[ "${7:-}" = users ] && rd=$users_initrd users=(rsha.users=1 "rsha.cavp_stride=$CAVP_STRIDE")
		step "guest: booting $label${users:+ with the in-kernel users} (console: $log)"
		"$RSHA_ROOT/scripts/run-guest.sh" "$ARCH" "$2" "$BUILD/$IMAGE" "$rd" "$log" \
			"$GUEST_TIMEOUT" rsha.mode=test "rsha.modules=${MODULES// /,}" \
			"rsha.tcrypt=$TCRYPT" "rsha.cycles=$cycles" "cryptomgr.fuzz_iterations=$FUZZ" \
			"${users[@]}" || fail "$label: guest run (see above)"
		python3 "$RSHA_ROOT/scripts/parse-console.py" "$log" --label "$label" \
			--drivers "$3" --absent "$4" --selected "$5" \
			--negative-control sha256-rs-negative-control | record
		python3 "$RSHA_ROOT/scripts/parse-robustness.py" "$log" --label "$label" \
			--drivers "$3" --absent "$4" --modules "${MODULES// /,}" \
			--negative-control sha256-rs-negative-control --latency-out "$LATENCY" | record
		[ ${#users[@]} = 0 ] || python3 "$RSHA_ROOT/scripts/parse-users.py" "$log" \
			--label "$label" --drivers "$3" --expected "$VECTORS/expected.tsv" | record
	}
	users= cycles=$CYCLES_FIRST
	[ "$USERS_BOOT" = yes ] && users=users
	for cpu in $CPUS; do
		boot "${cpu%%,*}" "$cpu" "$DRIVERS" "" "$SELECTED" "$cycles" $users
		users= cycles=$CYCLES_OTHER
	done
	for cpu in $NO_NEON_CPUS; do
		boot "${cpu%%,*}-no-neon" "$cpu" "$SCALAR_DRIVERS" "$NEON_DRIVERS" \
			"$(echo "$SELECTED" | sed 's/-neon-rs/-rs/g')" "$CYCLES_OTHER"
	done

	step "out-of-tree build: make -C <kernel build> M=<copy of this checkout>"
	oot=$RSHA_CACHE/oot/$target
	rm -rf "$oot" && mkdir -p "$oot"
	cp -r "$RSHA_ROOT/Kbuild" "$RSHA_ROOT/Makefile" "$RSHA_ROOT/rust" "$RSHA_ROOT/asm" "$oot/"
	rm -rf "$oot/rust/md-host"
	if make -C "$oot" KDIR="$BUILD" ARCH="$ARCH" >"$oot.log" 2>&1; then
		for m in $MODULES; do
			if [ -f "$oot/$m.ko" ]; then
				pass "$target: out-of-tree build makes $m.ko"
			else
				fail "$target: out-of-tree build made no $m.ko (log: $oot.log)"
			fi
		done
	else
		fail "$target: out-of-tree build (log: $oot.log)"; tail -n 20 "$oot.log"
	fi
done

step "user defconfig fragments merged onto their defconfigs"
"$RSHA_ROOT/scripts/check-fragments.sh" | record

step "longest NEON section per driver (debug kernels under TCG: not hardware timings)"
column -s, -t "$LATENCY" 2>/dev/null || cat "$LATENCY"

passed=$(grep -c '^PASS ' "$RESULTS")
failed=$(grep -c '^FAIL ' "$RESULTS")
echo
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
