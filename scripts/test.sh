#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# The test suite: the documentation built and checked against the code, host
# tests of the engine and the cores, then the test kernels booted under QEMU. Prints one PASS/FAIL line per result,
# then the number of each per step and boot, and ends with "N passed, M failed"; exits non-zero when anything failed.
#
#   scripts/test.sh [--full] [--foreign-dkms]
#
# --full also runs the repetitions that are not on every CI run: many module
# load cycles on one boot of each kernel (scripts/targets.sh), and 500
# fuzz iterations where a boot has a unit no earlier boot of its kernel had
# (Documentation/tiers.csv). --foreign-dkms adds the DKMS package's build
# step in an arm64 chroot under qemu-user (scripts/guest/debian-dkms-foreign.sh,
# over an hour of emulated compiling: in neither tier). Ends with a table of the time each step took, kept in
# $RSHA_CACHE/logs/timings.tsv and appended to $RSHA_CACHE/timings-history.tsv.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
. "$RSHA_ROOT/scripts/targets.sh"
trap - ERR	# failures are results here, counted below
RSHA_FULL=0 FOREIGN_DKMS=0
for opt; do
	case $opt in
	--full) RSHA_FULL=1 ;;
	--foreign-dkms) FOREIGN_DKMS=1 ;;
	*) printf 'scripts/test.sh: unknown option %s\nusage: scripts/test.sh [--full] [--foreign-dkms]\n' "$opt" >&2; exit 2 ;;
	esac
done
export RSHA_FULL
# The default run: one kernel of each generation, one of each architecture
# (x86_64 as User-Mode Linux on this machine's CPU) and Debian's arm64 image
# (Documentation/testing.rst, "Default and full runs", says what it leaves to
# --full and why that is covered); --full: all eleven targets. Kernels build one after the other while the guests of the
# one before boot, so the target whose boots are shortest comes last.
if [ "$RSHA_FULL" = 1 ]; then
	TARGETS=${RSHA_TARGETS:-arm64-test arm-test arm-thumb2-test arm64-7.3-test arm-7.3-test x86_64-test x86_64-7.3-test uml-7.3-test debian-arm64-test debian-amd64-test debian-armhf-test}
else
	TARGETS=${RSHA_TARGETS:-arm64-7.3-test arm-test uml-7.3-test debian-arm64-test}
fi
# A guest is ended after 10 minutes without console output (a hang:
# scripts/guest/run.sh, RSHA_GUEST_SILENCE) or after GUEST_TIMEOUT seconds in
# all. A default run's longest boot takes 7 minutes alone and 15 beside
# another guest and a kernel build.
GUEST_TIMEOUT=${RSHA_GUEST_TIMEOUT:-2400}
[ "$RSHA_FULL" = 0 ] || GUEST_TIMEOUT=${RSHA_GUEST_TIMEOUT:-3600}
# Robustness: testmgr fuzz iterations (the kernel's default is 100) for the
# first load of the drivers on every boot: FUZZ with --full, RELOAD_FUZZ by
# default (the many iterations find only rare inputs, and every kernel and
# unit meets them in --full). The reload after the module load cycles
# (scripts/guest/initramfs/robustness.sh) repeats on the same code what the
# first load proved: RELOAD_FUZZ in both. A guest with 4 CPUs for the threads
# test and KASAN's shadow memory. The module load cycles per boot are in
# scripts/targets.sh.
FUZZ=${RSHA_FUZZ_ITERATIONS:-500}
# The built-in algorithms the kernel tests at boot, before /init sets FUZZ
# for ours (scripts/guest/initramfs/init): a fifth of the kernel's default
# (100), as they are not under test.
BOOT_FUZZ=20
RELOAD_FUZZ=50
[ "$RSHA_FULL" = 1 ] || FUZZ=${RSHA_FUZZ_ITERATIONS:-$RELOAD_FUZZ}
# Random messages per driver in the users boot's comparison with the
# kernel's own driver (scripts/guest/initramfs/users.sh): the first 25 are
# the lengths around block and page boundaries, the rest random lengths.
COMPARE_COUNT=50
[ "$RSHA_FULL" = 0 ] || COMPARE_COUNT=100
export RSHA_GUEST_SMP=4 RSHA_GUEST_MEM=1024

mkdir -p "$RSHA_CACHE/logs"
RESULTS=$RSHA_CACHE/logs/results.txt
: >"$RESULTS"
# Wall time per step: "phase NAME" ends the running step and starts NAME.
TIMINGS=$RSHA_CACHE/logs/timings.tsv
: >"$TIMINGS"
_phase= _phase_t0=$(date +%s) _suite_t0=$(date +%s)
phase() {
	local now
	now=$(date +%s)
	[ -z "$_phase" ] || printf '%s\t%s\n' "$_phase" $((now - _phase_t0)) >>"$TIMINGS"
	_phase=$1 _phase_t0=$now
}

phase "host setup (scripts/setup-host.sh)"
"$RSHA_ROOT/scripts/setup-host.sh" || exit 1
# Longest NEON section per driver and boot: measured, never pass/fail.
LATENCY=$RSHA_CACHE/logs/neon-sections.csv
echo "boot,driver,sections,largest_bytes,mean_ns,largest_ns" >"$LATENCY"
# Guest time per section of every boot, from its "@@RSHA uptime NAME SECONDS"
# marks (scripts/guest/initramfs/lib.sh, kernel_log): the time from the
# previous mark to NAME's. Measured, never pass/fail.
SECTION_TIMES=$RSHA_CACHE/logs/boot-sections.tsv
printf 'boot\tsection\tseconds\n' >"$SECTION_TIMES"
# Host CPU time of every boot's QEMU: the guests' work, whatever ran beside
# them (their wall time is not: it grows with the host's load).
GUEST_CPU=$RSHA_CACHE/logs/guest-cpu.tsv
printf 'boot\twall\tuser\tsystem\n' >"$GUEST_CPU"
# Accounting: each result line is kept in RESULTS and, with the label of the
# step or boot that produced it (RESULT_LABEL), in RESULTS.labels, whose
# counts per label the summary prints.
RESULT_LABEL=suite
: >"$RESULTS.labels"
# record: keep and show the result lines (PASS .../FAIL ...) of its input, as they come.
record() {
	grep --line-buffered -E '^(PASS|FAIL) ' | tee -a "$RESULTS" |
		awk -v label="$RESULT_LABEL" -v labels="$RESULTS.labels" '
			{ print; fflush(); printf "%s\t%s\n", label, $1 >>labels; fflush(labels) }'
}
fail() { printf 'FAIL %s\n' "${*//$'\n'/ }" | record; }
pass() { printf 'PASS %s\n' "${*//$'\n'/ }" | record; }
# produce WHAT OUT MAXRC CMD...: run CMD, a producer of results: its PASS/FAIL
# lines recorded as they come, its whole standard output kept in OUT. Exit 0,
# or an exit up to MAXRC with a FAIL line of its own, is a producer that ran
# to its end; any other exit (a crash, a missing tool, a step cut short,
# whose results may be missing) is a FAIL naming WHAT and OUT. Returns CMD's
# exit status.
produce() {
	local what=$1 out=$2 maxrc=$3 rc
	shift 3
	"$@" | tee "$out" | record
	rc=${PIPESTATUS[0]}
	if [ "$rc" != 0 ] && { [ "$rc" -gt "$maxrc" ] || ! grep -q '^FAIL ' "$out"; }; then
		fail "$what ended with exit $rc$(grep -q '^FAIL ' "$out" || echo ' and no FAIL line'): it crashed or stopped before its end, results may be missing (output: $out; its messages above)"
	fi
	return "$rc"
}
# negative_control CHECKER PLANTED OUT PATTERN CMD...: run CMD, a checker of
# the suite, on a deliberately wrong input (PLANTED), its output in OUT. It
# must exit non-zero with a FAIL line matching PATTERN (grep -E): that
# expected FAIL is recorded as a PASS that quotes it; a checker that passes
# the planted error, or fails otherwise, is a FAIL.
negative_control() {
	local checker=$1 planted=$2 out=$3 pattern=$4 rc line
	shift 4
	"$@" >"$out" 2>&1
	rc=$?
	line=$(grep -m1 -E "^FAIL .*$pattern" "$out")
	if [ "$rc" != 0 ] && [ -n "$line" ]; then
		pass "negative control: $checker reports FAIL on $planted: $(cut -c1-240 <<<"$line")"
	else
		fail "negative control: $checker does not report FAIL on $planted (exit $rc, $(grep -c '^FAIL ' "$out") FAIL lines, none matching '$pattern'; output: $out)"
	fi
}

# docs: Documentation/ built with Sphinx (Documentation/conf.py), warnings as
# errors, into the cache, from scratch (an incremental build repeats no
# warning of a page it does not reread); then the figures the code decides
# against what the documents state (scripts/results/check-docs.py: the
# priorities, the supported kernels), one result per check. Seconds.
docs() {
	local out=$RSHA_CACHE/docs log=$RSHA_CACHE/logs/docs-build.log rc n
	step "docs: sphinx-build -W of Documentation/ (log: $log), and the figures the code decides against the docs"
	rm -rf "$out"
	/usr/bin/sphinx-build -W --keep-going -q -b html -d "$out/doctrees" "$RSHA_ROOT/Documentation" \
		"$out/html" >"$log" 2>&1
	rc=$?
	n=$(grep -cE '(WARNING|ERROR|SEVERE|CRITICAL):' "$log")
	if [ $rc = 0 ] && [ "$n" = 0 ]; then
		pass "docs: Documentation/ builds with Sphinx, warnings as errors ($out/html)"
	else
		fail "docs: sphinx-build -W exit $rc, $n warnings or errors: $(grep -m3 -E '(WARNING|ERROR|SEVERE|CRITICAL):' "$log" |
			sed "s|$RSHA_ROOT/||g" | tr '\n' ' ')(log: $log)"
	fi
	produce "docs: scripts/results/check-docs.py" "$RSHA_CACHE/logs/check-docs.out" 1 \
		python3 "$RSHA_ROOT/scripts/results/check-docs.py" "$RSHA_ROOT"
}
# host_checks: the documentation and the host tests, which no guest needs:
# run once the first kernel's guests boot, so that the slots fill sooner.
host_checks_done=
host_checks() {
	host_checks_done=1
	phase "docs: Sphinx build and consistency checks"
	RESULT_LABEL=docs
	docs

	phase "host: cargo test of the engine"
	step "host: cargo test of the Merkle-Damgard engine (tests/engine)"
	RESULT_LABEL="host engine"
	# engine_tests LOG [ARGS]: cargo test of the engine, its log in LOG; one
	# PASS/FAIL line per test. Exits with cargo's status.
	engine_tests() {
		local log=$1 rc
		shift
		(cd "$RSHA_ROOT/tests/engine" && CARGO_TARGET_DIR=$RSHA_CACHE/cargo-target \
			cargo test --locked --release "$@") >"$log" 2>&1
		rc=$?
		sed -nE 's/^test (.*) \.\.\. ok$/PASS host engine: \1/p; s/^test (.*) \.\.\. FAILED$/FAIL host engine: \1/p' "$log"
		return $rc
	}
	log=$RSHA_CACHE/logs/cargo-test.log
	engine_tests "$log" | record
	rc=${PIPESTATUS[0]}
	grep -qE '^test result: ok\. [1-9]' "$log" && [ $rc = 0 ] ||
		{ fail "host engine: cargo test exit $rc (log: $log)"; tail -n 20 "$log"; }
	# Its negative control: the expected SHA-256 of the empty message made wrong
	# (tests/engine/tests/engine.rs, RSHA_ENGINE_WRONG_DIGEST).
	engine_tests_wrong_digest() { RSHA_ENGINE_WRONG_DIGEST=1 engine_tests "$@"; }
	negative_control "the engine's cargo test" "a wrong expected SHA-256 of the empty message" \
		"$RSHA_CACHE/logs/cargo-test-negative-control.out" "sha256_engine::all_lengths_random_splits" \
		engine_tests_wrong_digest "$RSHA_CACHE/logs/cargo-test-negative-control.log" \
		sha256_engine::all_lengths_random_splits

	# cores_test ARCH:ALG [--flip-constant | --plant-fp]: tests/cores/run.sh, its
	# result lines named "cores ARCH:ALG: ...".
	cores_test() {
		bash "$RSHA_ROOT/tests/cores/run.sh" ${2:-} ${1/:/ } 2>&1 | sed -E 's/^(PASS|FAIL) /\1 cores '"$1"': /'
		return "${PIPESTATUS[0]}"
	}
	for core in $CORE_TESTS; do
		phase "host: $core cores"
		step "host: $core assembly cores against a C reference (ARM under qemu-user, x86_64 on this CPU)"
		RESULT_LABEL="host cores $core"
		produce "cores $core: tests/cores/run.sh" "$RSHA_CACHE/logs/cores-$core.out" 1 cores_test "$core"
	done
	# The harness's negative controls (tests/cores/run.sh): the first core of
	# the first pair with one round constant flipped; the first integer-only
	# ARMv7 core with an FP/SIMD instruction assembled in behind a ".fpu".
	core=${CORE_TESTS%% *}
	RESULT_LABEL="host cores negative controls"
	negative_control "the host core harness (tests/cores)" \
		"the first ${core#*:} round constant flipped in the first ${core%:*} ${core#*:} core" \
		"$RSHA_CACHE/logs/cores-$core-flip-constant.out" "flipped-constant.* (kat|nblocks/misalign)" \
		cores_test "$core" --flip-constant
	core=$(tr ' ' '\n' <<<"$CORE_TESTS" | grep -m1 '^arm:' || echo "$core")
	negative_control "the cores' integer-only check (tests/cores)" \
		"an FP/SIMD instruction in the first ${core%:*} ${core#*:} integer-only core" \
		"$RSHA_CACHE/logs/cores-$core-plant-fp.out" "planted-fp.* integer-only: [0-9]+ instructions use FP/SIMD" \
		cores_test "$core" --plant-fp

	phase "host: README's Debian paths"
	step "host: README.md's Debian paths (Pi 4, laptop), their build-host blocks as written (scripts/build/readme-route.sh --debian-host)"
	RESULT_LABEL="README Debian paths"
	produce "scripts/build/readme-route.sh --debian-host" "$RSHA_CACHE/logs/readme-debian.out" 1 \
		"$RSHA_ROOT/scripts/build/readme-route.sh" --debian-host "$RSHA_CACHE/readme-debian"
}

phase "test vectors and guest programs"
step "test vectors: cryptography-vectors from PyPI"
RESULT_LABEL="test vectors"
VECTORS=$RSHA_CACHE/vectors
python3 "$RSHA_ROOT/scripts/results/cavp-vectors.py" "$VECTORS" || fail "test vectors: cavp-vectors.py"
# The guest's own test programs (tests/guest/), per Debian architecture.
guest_tools() {
	local out=$RSHA_CACHE/guest-tools/$1
	"$RSHA_ROOT/tests/guest/build.sh" "$1" "$out" >&2 && echo "$out/cpio.list"
}

# Lanes: steps that run in the background while the suite goes on (a target's
# guest boots while the next kernel builds; the fragment checks). A lane's
# PASS/FAIL lines go to its own file and join the results (and the terminal),
# in the order the lanes were started, once it has ended; its progress lines go
# to the terminal as they come. At most GUEST_SLOTS guests run at once (each has 4 virtual CPUs
# under TCG; more would only share the same host CPUs).
GUEST_SLOTS=${RSHA_GUEST_SLOTS:-2}
LANES=()
declare -A LANE_NAMES
rm -f "$RSHA_CACHE"/logs/lane-*.results "$RSHA_CACHE"/logs/lane-*.results.labels "$RSHA_CACHE"/logs/lane-*.results.ended
# lane NAME CMD...: run CMD in the background as lane NAME (its results'
# label, unless CMD names its own).
lane() {
	local name=$1 out=$RSHA_CACHE/logs/lane-${1//[^A-Za-z0-9_.-]/_}.results
	shift
	(
		RESULTS=$out RESULT_LABEL=$name
		: >"$RESULTS"
		: >"$RESULTS.labels"
		t0=$(date +%s)
		"$@"
		printf '%s\t%s\n' "$name (in the background)" $(($(date +%s) - t0)) >>"$TIMINGS"
		: >"$out.ended"
	) >/dev/null &
	LANES+=("$!:$out")
	LANE_NAMES[$!]=$name
}
# stop_lanes: end every lane and what it started (guests under timeout(1) run
# in process groups of their own), when the suite itself is stopped.
stop_lanes() {
	local l
	kill_tree() {
		local c
		for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do kill_tree "$c"; done
		kill "$1" 2>/dev/null
	}
	for l in "${LANES[@]}"; do kill_tree "${l%%:*}"; done
}
trap 'stop_lanes; exit 130' INT TERM
# collect_lanes: wait for every lane, then add its results. A lane whose
# shell ended before its last command (a shell error such as an unbound
# variable ends it there, and the steps after it never run) is a FAIL.
collect_lanes() {
	local l rc
	for l in "${LANES[@]}"; do
		wait "${l%%:*}"
		rc=$?
		cat "${l#*:}" >>"$RESULTS"
		cat "${l#*:}.labels" >>"$RESULTS.labels"
		cat "${l#*:}"
		[ -e "${l#*:}.ended" ] ||
			fail "lane '${LANE_NAMES[${l%%:*}]}' ended with exit $rc before its end: what it had still to run is missing (its messages above)"
	done
	LANES=()
}
# Guest slots go to the waiting guest expected to take longest (longest
# first, so that the two slots end close together): a guest's expected time
# is its wall time in the last run of the same tier (GUEST_TIMES), else the
# estimate its caller gives. Waiters queue as files named by that time and
# their shell's PID; an entry whose shell has ended is dropped.
GUEST_TIMES=$RSHA_CACHE/guest-times.tsv
GUEST_QUEUE=$RSHA_CACHE/locks/guest-queue
TIER=default
[ "$RSHA_FULL" = 0 ] || TIER=full
rm -rf "$GUEST_QUEUE"
mkdir -p "$GUEST_QUEUE"
# guest_time LABEL ESTIMATE: the seconds LABEL's guest took in the last run
# of this tier, else ESTIMATE.
guest_time() {
	awk -F'\t' -v tier="$TIER" -v label="$1" -v t="$2" '$1 == tier && $2 == label { t = $3 } END { print t }' \
		"$GUEST_TIMES" 2>/dev/null || echo "$2"
}
# with_guest_slot LABEL ESTIMATE CMD...: run CMD once one of the GUEST_SLOTS
# is free and no longer guest waits for one; its wall time is kept as
# LABEL's in GUEST_TIMES.
with_guest_slot() {
	local label=$1 i fd rc t0 me first f
	me=$GUEST_QUEUE/$(printf '%06d' $((999999 - $(guest_time "$label" "$2"))))-$BASHPID
	shift 2
	: >"$me"
	while :; do
		first=
		for f in $(LC_ALL=C ls "$GUEST_QUEUE"); do
			if kill -0 "${f##*-}" 2>/dev/null; then first=$GUEST_QUEUE/$f; break; fi
			rm -f "$GUEST_QUEUE/$f"
		done
		[ "$first" != "$me" ] || for i in $(seq "$GUEST_SLOTS"); do
			exec {fd}>"$RSHA_CACHE/locks/guest-slot-$i"
			if flock -n "$fd"; then
				rm -f "$me"
				t0=$(date +%s)
				"$@"; rc=$?
				exec {fd}>&-
				printf '%s\t%s\t%s\n' "$TIER" "$label" $(($(date +%s) - t0)) >>"$GUEST_TIMES"
				return $rc
			fi
			exec {fd}>&-
		done
		sleep 2
	done
}

# boot NAME CPU DRIVERS ABSENT SELECTED CYCLES [users]: one guest run, parsed
# into results; CYCLES rmmod/insmod cycles per module. Uses the target's
# settings (target_info) and BUILD, initrd, users_initrd.
boot() {
	local label="$target $1" log=$RSHA_CACHE/logs/$target-$1.log rd=$initrd users=()
	local cycles=$6 t0 RESULT_LABEL="$target $1"
	[ "${7:-}" = users ] && rd=$users_initrd users=(rsha.users=1 rsha.autoload=1 "rsha.cavp=$CAVP_DRIVERS"
		"rsha.compare_count=$COMPARE_COUNT")
	# kunit.py, for the KTAP documents: from the tree the kernel came from.
	local ksrc
	ksrc=$(cat "$BUILD/rsha-source" 2>/dev/null || kernel_tree)
	t0=$(date +%s)
	step "guest: booting $label${users:+ with the in-kernel users} (console: $log)"
	"$RSHA_ROOT/scripts/guest/run.sh" "$ARCH" "$2" "$BUILD/$IMAGE" "$rd" "$log" \
		"$GUEST_TIMEOUT" rsha.mode=test "rsha.modules=${MODULES// /,}" \
		"rsha.tcrypt=$TCRYPT" "rsha.cycles=$cycles" "cryptomgr.fuzz_iterations=$BOOT_FUZZ" "rsha.fuzz=$FUZZ" \
		"rsha.reload_fuzz=$RELOAD_FUZZ" \
		"${users[@]}" $BOOT_EXTRA || fail "$label: guest run (see above)"
	local wall=$(($(date +%s) - t0)) cpu
	printf '%s\t%s\n' "  $label: guest boot${users:+ with users}" $wall >>"$TIMINGS"
	cpu=$(cat "$log.cpu" 2>/dev/null || echo "? ?")
	step "guest: $label done in $wall s (QEMU: ${cpu% *} s user, ${cpu#* } s system)"
	printf '%s\t%s\t%s\t%s\n' "$label" $wall ${cpu% *} ${cpu#* } >>"$GUEST_CPU"
	tr -d '\r' <"$log" | awk -v boot="$label" '$1 == "@@RSHA" && $2 == "uptime" && NF == 4 {
		printf "%s\t%s\t%.1f\n", boot, $3, $4 - prev; prev = $4 }' >>"$SECTION_TIMES"
	# The boot's results (scripts/results/parse.py): every one it prints is
	# recorded as it comes; its first line declares the least number of
	# results its arguments call for, and fewer is a FAIL naming the boot.
	local parse=(python3 "$RSHA_ROOT/scripts/results/parse.py" "$log" --label "$label" --ksrc "$ksrc"
		--drivers "$3" --absent "$4" --selected "$5" --modules "${MODULES// /,}"
		--negative-control sha256-rs-negative-control
		--neon-bound "$NEON_BOUND" ${DISTRO:+--distro} $([ "$ARCH" != um ] || echo --uml) --cavp-drivers "$CAVP_DRIVERS")
	local out=$log.results declared got
	produce "$label: scripts/results/parse.py" "$out" 1 "${parse[@]}" --latency-out "$LATENCY" \
		${users:+--expected "$VECTORS/expected.tsv"}
	declared=$(sed -n 's/^EXPECT \([0-9]*\) results$/\1/p' "$out")
	got=$(grep -cE '^(PASS|FAIL) ' "$out")
	if [ -z "$declared" ]; then
		fail "$label: parse.py declared no number of results (output: $out)"
	elif [ "$got" -lt "$declared" ]; then
		fail "$label: $got results, fewer than the $declared its drivers, modules and checks call for (output: $out)"
	else
		pass "$label: $got results, at least the $declared its drivers, modules and checks call for"
	fi
	# The test vector checker's negative control (users boot): the same
	# parse of the same console against expected.tsv with one digest
	# corrupted (its first line's last hex digit); the vector results of
	# that set must fail.
	if [ ${#users[@]} -gt 0 ]; then
		local bad=$log.expected-corrupted.tsv vset vnum
		awk 'NR == 1 { c = substr($3, length($3)); $3 = substr($3, 1, length($3) - 1) (c == "0" ? "1" : "0") } { print }' \
			"$VECTORS/expected.tsv" >"$bad"
		read -r vset vnum _ <"$bad"
		negative_control "the AF_ALG test vector check (parse.py)" "a corrupted expected digest ($vset #$vnum)" \
			"$log.expected-corrupted.out" " $vset vectors through AF_ALG with .*first #$vnum:" \
			"${parse[@]}" --expected "$bad"
	fi
}

# new_units: the modules (FUZZ_MODULES, comma-separated, "-" for none) with
# a unit in CPU_DRIVERS that no earlier boot of this kernel registered
# (FUZZED_UNITS, module:unit words, which it extends): their first load runs
# FUZZ iterations, the others' RELOAD_FUZZ. The selected drivers run one of
# those units.
new_units() {
	local d alg m u fresh=
	for d in ${CPU_DRIVERS//,/ }; do
		d=${d#hmac-} alg=${d%%-*}
		case $d in
		*-auto-rs) continue ;;
		*-neon-rs) u=neon ;; *-ce-rs) u=ce ;; *-avx2-rs) u=avx2 ;; *-ni-rs) u=ni ;;
		*) u=scalar ;;
		esac
		case $alg in sha224) alg=sha256 ;; sha384) alg=sha512 ;; esac
		for m in $MODULES; do
			case $m in "$alg"-*) ;; *) continue ;; esac
			case " $FUZZED_UNITS " in *" $m:$u "*) ;; *) FUZZED_UNITS+=" $m:$u" fresh+=" $m" ;; esac
		done
	done
	FUZZ_MODULES=$(tr ' ' '\n' <<<"$fresh" | sort -u | paste -sd, -)
	FUZZ_MODULES=${FUZZ_MODULES#,}
	FUZZ_MODULES=${FUZZ_MODULES:--}
}
# boots: every guest boot of the current target, each waiting for a slot of
# its own, so that boots of one kernel run beside each other when slots are
# free. Expected times where no run of the tier measured them yet: a users
# boot 10 minutes, another 3, two and a half times as long with --full, and
# 10 s more per module load cycle.
# CYCLES_FIRST goes to the boot whose CPU registers the most drivers (the
# first of them), so that many cycles pass through every unit of the kernel.
BOOT_EXTRA=
boots() {
	local users= cycles cpu name last estimate pids=() FUZZED_UNITS= FUZZ_MODULES cycles_cpu= most=0 n
	[ "$USERS_BOOT" = yes ] && users=users
	last=${CPUS##* }
	for cpu in $CPUS $NO_NEON_CPUS; do
		cpu_drivers "$cpu"
		n=$(tr ',' '\n' <<<"$CPU_DRIVERS" | grep -c .)
		[ "$n" -le "$most" ] || most=$n cycles_cpu=$cpu
	done
	for cpu in $CPUS $NO_NEON_CPUS; do
		cpu_drivers "$cpu"
		new_units
		cycles=$CYCLES_OTHER
		[ "$cpu" != "$cycles_cpu" ] || cycles=$CYCLES_FIRST
		estimate=180
		[ -z "$users" ] || estimate=600
		estimate=$((estimate * (2 + 3 * RSHA_FULL) / 2 + 10 * cycles))
		name=${cpu%%,*}
		case " $NO_NEON_CPUS " in *" $cpu "*) name+=-no-neon ;; esac
		# A distribution kernel's last boot ends under lockdown.
		[ -z "$DISTRO" ] || [ "$cpu" != "$last" ] || BOOT_EXTRA=rsha.lockdown=1
		BOOT_EXTRA+=" rsha.fuzz_modules=$FUZZ_MODULES"
		with_guest_slot "$target $name" $estimate \
			boot "$name" "$cpu" "$CPU_DRIVERS" "$CPU_ABSENT" "$SELECTED" "$cycles" $users &
		pids+=($!)
		users= BOOT_EXTRA=
	done
	wait "${pids[@]}"
}

fragments() {
	step "user defconfig fragments merged onto their defconfigs"
	produce "scripts/build/check-fragments.sh" "$RSHA_CACHE/logs/check-fragments.out" 255 \
		"$RSHA_ROOT/scripts/build/check-fragments.sh"
}

# hygiene: the kernel's own checkers on this project, with the pristine tree's
# configuration of them: rustfmt (.rustfmt.toml) on every Rust file,
# checkpatch --strict on every C file and patch, and the patches applying to
# the pristine tree. Assembly headers (asm/*.h, tests/cores/include/) are gas
# macros, not C, and checkpatch does not parse them; so are the assembler
# shims under scripts/performance/include/.
hygiene() {
	local ksrc f out rc
	# The 6.12 tree's checkers and the 6.12 patches (7.3 needs none).
	use_kernel 6.12
	ksrc=$("$RSHA_ROOT/scripts/build/tree.sh" pristine) || { fail "hygiene: no pristine tree"; return; }
	step "hygiene: rustfmt, checkpatch --strict, patches/ against the pristine tree"
	cd "$RSHA_ROOT" || return
	for f in $(git ls-files '*.rs'); do
		if out=$("$RSHA_RUSTFMT" --check --edition 2021 --config-path "$ksrc/.rustfmt.toml" "$f" 2>&1); then
			pass "rustfmt --check (kernel .rustfmt.toml): $f"
		else
			fail "rustfmt --check (kernel .rustfmt.toml): $f: $(echo "$out" | head -n 3 | tr '\n' ' ')"
		fi
	done
	for f in $(git ls-files '*.c' '*.h' 'patches/*.patch' | grep -v -e '^asm/' -e '^tests/cores/include/' -e '^scripts/performance/include/'); do
		# A patch is checked as a patch, from its own directory (checkpatch
		# reads a path under patches/ differently); a C file with -f.
		case $f in *.patch) set -- ;; *) set -- -f ;; esac
		out=$(cd "$(dirname "$f")" && perl "$ksrc/scripts/checkpatch.pl" --strict --no-tree -q --terse \
			"$@" "$(basename "$f")" 2>&1); rc=$?
		if [ $rc = 0 ] && ! grep -qE '(ERROR|WARNING|CHECK):' <<<"$out" &&
			grep -q '^total: 0 errors, 0 warnings, 0 checks' <<<"$out"; then
			pass "checkpatch --strict: $f"
		else
			fail "checkpatch --strict: $f: $(echo "$out" | head -n 3 | tr '\n' ' ')"
		fi
	done
	local kver
	for kver in $BUILT_KERNELS; do
		use_kernel "$kver"
		ksrc=$("$RSHA_ROOT/scripts/build/tree.sh" pristine "$kver") ||
			{ fail "hygiene: no pristine $kver tree"; continue; }
		for f in patches/"$kver"/*.patch; do
			if out=$(cd "$ksrc" && git apply --check "$RSHA_ROOT/$f" 2>&1); then
				pass "$f applies to the pristine $kver tree (git apply --check)"
			else
				fail "$f does not apply to the pristine $kver tree: $out"
			fi
		done
	done
}

# debian_checks: what a Debian user could get wrong, with the build of the
# current debian-* target (BUILD): a kernel version Debian does not have, one
# without CONFIG_RUST, and another rustc than the kernel's; each must stop
# with a message naming the cause.
debian_checks() {
	local rel
	rel=$(cat "$BUILD/include/config/kernel.release")
	debian_refuses() {
		local what=$1 want=$2 out
		shift 2
		if out=$("$@" 2>&1); then
			fail "$target: $what: went on"
		elif grep -q -- "$want" <<<"$out"; then
			pass "$target: $what is refused: $(echo "$out" | grep -m1 -- "$want" | sed 's/^error: //' | cut -c1-140)"
		else
			fail "$target: $what: unexpected message: $(echo "$out" | tail -n 2 | tr '\n' ' ')"
		fi
	}
	debian_refuses "a Debian kernel version that does not exist (9.9.9+deb99)" "kernels that qualify" \
		"$RSHA_ROOT/scripts/debian-kernel.sh" --arch "$DEBARCH" 9.9.9+deb99
	debian_refuses "a Debian kernel without CONFIG_RUST (6.12.117+deb13)" "has no CONFIG_RUST=y" \
		"$RSHA_ROOT/scripts/debian-kernel.sh" --arch "$DEBARCH" 6.12.117+deb13
	# The host's rustc (Debian bookworm's) against the tree prepared with
	# Debian's: the Makefile's check, before anything compiles.
	debian_refuses "a module build with another rustc ($("$RSHA_RUSTC" --version | cut -d' ' -f1-2)) than $rel's" \
		"the kernel was built with" make -C "$RSHA_ROOT" KDIR="$BUILD" ARCH="$ARCH" RUSTC="$RSHA_RUSTC" check
}

# debian_system: the package of the current debian-* target installed, used
# and removed on a Debian system (systemd, udev, Debian's kernel and
# initramfs) booted on SYSTEM_CPU (scripts/guest/debian-system.sh). The image
# is made outside the guest slots (mmdebstrap runs under qemu-user).
debian_system() {
	local label=$target-system
	local RESULT_LABEL=$label
	if ! "$RSHA_ROOT/scripts/guest/debian-system.sh" --image "$BUILD" >/dev/null; then
		fail "$label: the Debian system image (see above)"
		return
	fi
	produce "$label: the Debian system test (scripts/guest/debian-system.sh)" "$RSHA_CACHE/logs/$label.out" 0 \
		with_guest_slot "$label" 600 "$RSHA_ROOT/scripts/guest/debian-system.sh" "$BUILD" "$SYSTEM_CPU" "$label"
}

# oot_checks: what a user does with their own kernel build of the current
# target (BUILD): make KDIR=... in a copy of this checkout; here with CLIPPY=1
# and the test modules, so that every line is linted; then rustdoc, the
# Makefile's refusals of bad input, and the pristine tree left unchanged.
# A lane: the next kernel builds and the guests boot meanwhile.
oot_checks() {
	# What a user does with their own kernel build: make KDIR=... in a copy
	# of this checkout; here with CLIPPY=1 and the test modules, so that every
	# line is linted. rustc's note on the kernel's own -Ctarget-feature=+thumb-mode
	# (patches/6.12/0001) is not ours and not counted.
	step "out-of-tree build: make KDIR=<kernel build> RSHA_TEST=1 CLIPPY=1 in a copy of this checkout"
	oot=$RSHA_CACHE/oot/$target
	rm -rf "$oot" && mkdir -p "$oot"
	cp -r "$RSHA_ROOT/Kbuild" "$RSHA_ROOT/Makefile" "$RSHA_ROOT/rust" "$RSHA_ROOT/asm" "$oot/"
	if make -C "$oot" -j"$(nproc)" KDIR="$BUILD" ARCH="$ARCH" BINDGEN="$RSHA_BINDGEN" RSHA_TEST=1 CLIPPY=1 \
		>"$oot.log" 2>&1; then
		for m in $MODULES rsha-negative-control rsha-robustness-test; do
			if [ -f "$oot/$m.ko" ]; then
				pass "$target: out-of-tree build makes $m.ko"
			else
				fail "$target: out-of-tree build made no $m.ko (log: $oot.log)"
			fi
		done
		warnings=$(grep -E '^(warning|error)' "$oot.log" | grep -v -e 'warnings\? emitted' \
			-e 'unstable feature specified for `-Ctarget-feature`: `thumb-mode`')
		if [ -z "$warnings" ]; then
			pass "$target: CLIPPY=1 build without a clippy, rustc or C warning"
		else
			fail "$target: CLIPPY=1 build warns ($(echo "$warnings" | wc -l)): $(echo "$warnings" | sort | uniq -c | head -n 5 | tr '\n' ' ') (log: $oot.log)"
		fi
		if make -C "$oot" KDIR="$BUILD" ARCH="$ARCH" BINDGEN="$RSHA_BINDGEN" RSHA_TEST=1 rustdoc \
			>"$oot.rustdoc.log" 2>&1 &&
			[ -f "$oot/rust/doc/rsha/index.html" ]; then
			pass "$target: the library's rustdoc builds (warnings are errors: broken links fail)"
		else
			fail "$target: rustdoc: $(grep -m3 -E '^(error|warning)' "$oot.rustdoc.log" | tr '\n' ' ') (log: $oot.rustdoc.log)"
		fi
	else
		fail "$target: out-of-tree build (log: $oot.log)"; tail -n 20 "$oot.log" >&2
	fi
	# Bad input stops the build before any compiler runs, with one message
	# naming the cause: a kernel without CONFIG_RUST, a build without its
	# Rust artifacts, a kernel version the drivers do not support, another
	# rustc than the kernel's.
	bad=$oot.bad && rm -rf "$bad" && mkdir -p "$bad/norust" "$bad/noartifacts" "$bad/unsupported"
	for d in norust noartifacts unsupported; do
		mkdir -p "$bad/$d/include/config"
		cp "$BUILD/include/config/kernel.release" "$bad/$d/include/config/"
		cp "$BUILD/.config" "$bad/$d/.config"
	done
	sed -i '/^CONFIG_RUST=/d' "$bad/norust/.config"
	echo 7.4.0 >"$bad/unsupported/include/config/kernel.release"
	bad_input() {
		local what=$1 want=$2 out
		shift 2
		if out=$(make -C "$oot" ARCH="$ARCH" BINDGEN="$RSHA_BINDGEN" "$@" check 2>&1); then
			fail "$target: $what: the build went on"
		elif grep -q -- "$want" <<<"$out"; then
			pass "$target: $what stops the build: $(echo "$out" | grep -m1 -- "$want" | sed 's/^.*\*\*\* //; s/^error: //' | cut -c1-110)"
		else
			fail "$target: $what: unexpected message: $(echo "$out" | tail -n 2 | tr '\n' ' ')"
		fi
	}
	bad_input "a kernel without CONFIG_RUST" "has no CONFIG_RUST=y" KDIR="$bad/norust"
	bad_input "a kernel build without its Rust artifacts" "has no rust/libkernel.rmeta" KDIR="$bad/noartifacts"
	bad_input "a kernel version the drivers do not support (7.4.0)" "is not supported: the drivers support Linux 6.12" \
		KDIR="$bad/unsupported"
	# Kernel CFI: a build that would compile the modules otherwise than
	# the kernel (kCFI hashes on or off) is refused.
	cfi=CONFIG_CFI
	[ "$KVER" != 6.12 ] || cfi=CONFIG_CFI_CLANG
	if grep -q "^$cfi=y" "$BUILD/.config"; then
		bad_input "a module build without kCFI ($cfi=) against a kCFI kernel" \
			"modules must be built with the kernel's CFI setting" KDIR="$BUILD" "$cfi="
	else
		bad_input "a module build with kCFI ($cfi=y) against a kernel without it" \
			"modules must be built with the kernel's CFI setting" KDIR="$BUILD" "$cfi=y"
	fi
	other_rustc=$HOME/.cargo/bin/rustc
	if [ -x "$other_rustc" ] && [ "$("$other_rustc" --version)" != "$("$RSHA_RUSTC" --version)" ]; then
		bad_input "another rustc than the kernel's" "the kernel was built with" KDIR="$BUILD" RUSTC="$other_rustc"
	fi
	if [ "$TREE" = pristine ]; then
		if n=$("$RSHA_ROOT/scripts/build/tree.sh" --check pristine "$KVER" 2>"$RSHA_CACHE/logs/tree-check-$target.err"); then
			pass "$target: the kernel tree is unchanged by the kernel and module builds ($n match the extraction's manifest)"
		else
			fail "$target: the kernel tree changed: $(head -n 5 "$RSHA_CACHE/logs/tree-check-$target.err" | tr '\n' ' ')"
		fi
	fi
}

# alias_negative_control MODULE.ko: check-aliases.sh on a copy of MODULE.ko
# whose .modinfo lacks one of its aliases (the entry's key renamed from
# "alias" to "xlias", the same length, so the file stays a valid module):
# the checker must report the module's aliases wrong.
alias_negative_control() {
	local ko=$1 dir=$RSHA_CACHE/logs/alias-negative-control m alias
	m=$(basename "$ko" .ko)
	rm -rf "$dir" && mkdir -p "$dir" && cp "$ko" "$dir/$m.ko"
	alias=$(python3 - "$dir/$m.ko" <<'EOF'
import sys
path = sys.argv[1]
data = open(path, "rb").read()
# The first alias entry found exactly once, NUL-delimited (.modinfo).
for entry in data.split(b"\0"):
    if entry.startswith(b"alias=") and data.count(b"\0" + entry + b"\0") == 1:
        open(path, "wb").write(data.replace(b"\0" + entry + b"\0", b"\0x" + entry[1:] + b"\0"))
        print(entry[len(b"alias="):].decode())
        break
EOF
	)
	if [ -z "$alias" ]; then
		fail "negative control: check-aliases.sh: no alias entry to remove in a copy of $ko"
		return
	fi
	negative_control "check-aliases.sh" "a copy of $m.ko without its alias $alias" "$dir/check-aliases.out" \
		"aliases of $m: want .*modinfo says" \
		"$RSHA_ROOT/scripts/results/check-aliases.sh" "$target" "$dir/$m.ko"
}
fragments_lane= alias_control=
# Every boot the targets call for, by its results' label: one that reported
# nothing (its kernel or initramfs failed, its lane was lost) stands out.
BOOT_LABELS=()
for target in $TARGETS; do
	target_info "$target"
	RESULT_LABEL=$target
	for cpu in $CPUS; do BOOT_LABELS+=("$target ${cpu%%,*}"); done
	for cpu in $NO_NEON_CPUS; do BOOT_LABELS+=("$target ${cpu%%,*}-no-neon"); done
	[ "$DISTRO" != debian ] || [ -z "$SYSTEM_CPU" ] || BOOT_LABELS+=("$target-system")
	phase "$target: kernel build"
	if [ "$DISTRO" = debian ]; then
		# Debian's own kernel: nothing to build but the modules, in a
		# chroot with Debian's compilers (scripts/debian-kernel.sh).
		if ! BUILD=$("$RSHA_ROOT/scripts/debian-kernel.sh" --arch "$DEBARCH" --test); then
			fail "$target: modules for Debian's kernel image (see above)"
			continue
		fi
		pass "$target: modules built for Debian's $(cat "$BUILD/include/config/kernel.release") in a chroot with its compilers, modpost against its Module.symvers"
	elif ! BUILD=$("$RSHA_ROOT/scripts/build/kernel.sh" "$target"); then
		fail "$target: kernel build (see above)"
		continue
	else
		pass "$target: kernel and modules build"
	fi
	# The hygiene and fragment checks need only the extracted trees: they
	# run beside the rest. The fragments depend on nothing but Kconfig, the
	# fragments and the kernel trees, a change to which must pass --full:
	# only --full checks them (4 minutes of CPU).
	[ -n "$fragments_lane" ] || {
		[ "$RSHA_FULL" = 0 ] || lane "defconfig fragments" fragments
		lane "hygiene checks" hygiene
		fragments_lane=1
	}
	# README.md's own-kernel route, its commands as written
	# (scripts/build/readme-route.sh): built here, on the build host, into
	# a staging root; its modules and board-side blocks go to the first boot
	# (scripts/guest/rootfs.sh: /lib/user-modules), which runs the blocks
	# (scripts/guest/initramfs/autoload.sh). Before the initramfs, which
	# takes them. Only where the modules build out of tree against the
	# kernel, as the route does: not for the 6.12 ARMv7 kernels (arm-test,
	# arm-thumb2-test), whose modules are built in tree (the route of
	# Documentation/boards.rst), nor for Debian's kernels (their own system
	# test runs the package route), nor for User-Mode Linux (no board); the
	# 7.3 ARMv7 kernel (--full) runs it with ARCH=arm.
	route=$BUILD/rsha-readme-route
	if [ "$MODULES_BUILD" = oot ] && [ "$RSHA_TEST" = 1 ] && [ -z "$DISTRO" ] && [ "$ARCH" != um ]; then
		phase "$target: README's own-kernel route"
		step "$target: README.md's own-kernel route as written (scripts/build/readme-route.sh; log: $route/build.log)"
		RESULT_LABEL="$target README route"
		produce "$target: scripts/build/readme-route.sh" "$RSHA_CACHE/logs/$target-readme-route.out" 255 \
			"$RSHA_ROOT/scripts/build/readme-route.sh" "$BUILD" "$ARCH" "$route"
	fi
	# The modules the guests load: their aliases, as modinfo reads them.
	RESULT_LABEL="$target aliases"
	if [ "$MODULES_BUILD" = oot ]; then mods=$BUILD/rsha-modules; else mods=$BUILD/crypto/rust-arm-sha; fi
	produce "$target: scripts/results/check-aliases.sh" "$RSHA_CACHE/logs/$target-aliases.out" 1 \
		"$RSHA_ROOT/scripts/results/check-aliases.sh" "$target" "$mods"/*.ko
	! compgen -G "$route/guest/*.ko" >/dev/null ||
		produce "$target: scripts/results/check-aliases.sh --user" "$RSHA_CACHE/logs/$target-aliases-user.out" 1 \
			"$RSHA_ROOT/scripts/results/check-aliases.sh" --user "$target" "$route"/guest/*.ko
	# The alias checker's negative control, once a run: a copy of the first
	# driver module with one alias entry removed.
	if [ -z "$alias_control" ] && ko=$(compgen -G "$mods/sha*-rs.ko" | head -n 1) && [ -n "$ko" ]; then
		alias_control=1
		alias_negative_control "$ko"
	fi
	RESULT_LABEL=$target
	phase "$target: initramfs"
	initrd=$RSHA_CACHE/logs/$target.cpio
	# The first boot of each kernel with USERS_BOOT (scripts/targets.sh) also
	# runs the in-kernel users (scripts/guest/initramfs/users.sh) with Debian's programs
	# and the test vectors.
	users_initrd=$RSHA_CACHE/logs/$target-users.cpio
	pkgs=$RSHA_CACHE/logs/$DEBARCH-packages.list
	if ! "$RSHA_ROOT/scripts/guest/rootfs.sh" "$DEBARCH" "$BUILD" "$initrd" ||
		! "$RSHA_ROOT/scripts/guest/packages.sh" "$DEBARCH" "$pkgs" $USERS_PACKAGES -- $USERS_PROGRAMS ||
		! tools=$(guest_tools "$DEBARCH") ||
		! "$RSHA_ROOT/scripts/guest/rootfs.sh" "$DEBARCH" "$BUILD" "$users_initrd" \
			"/users.sh=$RSHA_ROOT/scripts/guest/initramfs/users.sh" "@$pkgs" "@$VECTORS/cpio.list" "@$tools"; then
		fail "$target: guest initramfs"
		continue
	fi
	# The guests of this kernel boot while the next kernel builds.
	lane "$target: guest boots" boots
	[ -n "$host_checks_done" ] || { host_checks; RESULT_LABEL=$target; }

	if [ "$DISTRO" = debian ]; then
		[ -z "$SYSTEM_CPU" ] || lane "$target: Debian system with the package" debian_system
		# --foreign-dkms, arm64: the DKMS package's build step in an arm64
		# chroot under qemu-user, not booted (amd64 boots the DKMS lifecycle).
		[ "$FOREIGN_DKMS" = 0 ] || [ "$DEBARCH" != arm64 ] || lane "$target: DKMS build step under qemu-user" \
			produce scripts/guest/debian-dkms-foreign.sh "$RSHA_CACHE/logs/$target-dkms-foreign.out" 0 \
			"$RSHA_ROOT/scripts/guest/debian-dkms-foreign.sh" "$BUILD" "$target-dkms-foreign"
		debian_checks
		continue
	fi
	lane "out-of-tree build, clippy, rustdoc and bad input of $target" oot_checks
	# User-Mode Linux, on this machine's CPU: each module's unit choice across boots and clocks.
	[ "$ARCH" != um ] || lane "$target: unit choice across boots and clocks" with_guest_slot "$target unit choice" 30 produce \
		scripts/guest/unit-choice.sh "$RSHA_CACHE/logs/$target-unit-choice.out" 1 "$RSHA_ROOT/scripts/guest/unit-choice.sh" \
		--label "$target" --out "$RSHA_CACHE/logs/$target-unit-choice" "$BUILD"
	# User-Mode Linux: the SIMD sections beside a host task's vector registers, and under
	# a register clobber (the negative control).
	[ "$ARCH" != um ] || lane "$target: SIMD sections beside host vector registers" with_guest_slot "$target uml-simd" 60 produce \
		scripts/guest/uml-simd.sh "$RSHA_CACHE/logs/$target-uml-simd.out" 1 "$RSHA_ROOT/scripts/guest/uml-simd.sh" \
		--label "$target" --out "$RSHA_CACHE/logs/$target-uml-simd" "$BUILD"
	# arm64 on 7.3, --full: the choice per CPU type with several types, through CPU hotplug;
	# the README route's user build must lack the test-only types.
	[ "$RSHA_FULL" = 0 ] || [ "$target" != arm64-7.3-test ] || lane "$target: unit choice per CPU type through hotplug" \
		with_guest_slot "$target cpu-types" 300 produce scripts/guest/cpu-types.sh "$RSHA_CACHE/logs/$target-cpu-types.out" 1 \
		"$RSHA_ROOT/scripts/guest/cpu-types.sh" --label "$target" --out "$RSHA_CACHE/logs/$target-cpu-types" \
		--user-modules "$route/guest" "$BUILD"
done
[ -n "$fragments_lane" ] || [ "$RSHA_FULL" = 0 ] || lane "defconfig fragments" fragments

[ -n "$host_checks_done" ] || host_checks
phase "waiting for the guest boots and the checks beside them"
collect_lanes
for label in "${BOOT_LABELS[@]}"; do
	awk -F'\t' -v label="$label" '$1 == label { found = 1 } END { exit !found }' "$RESULTS.labels" ||
		RESULT_LABEL=$label fail "$label: the boot reported no result (not run: see the FAIL of its kernel or initramfs; or its lane was lost)"
done

step "longest NEON section per driver (debug kernels under TCG: not hardware timings)"
column -s, -t "$LATENCY" 2>/dev/null || cat "$LATENCY"
step "host CPU time of the guest boots (s; wall time grows with the load beside them)"
awk -F'\t' 'NR > 1 { u += $3; s += $4 } { print } END { printf "total\t\t%.0f\t%.0f\n", u, s }' "$GUEST_CPU" |
	column -s "$(printf '\t')" -t
step "the 20 longest sections of the guest boots (guest seconds; all in $SECTION_TIMES)"
sed 1d "$SECTION_TIMES" | sort -t "$(printf '\t')" -k3,3nr | head -n 20 | column -s "$(printf '\t')" -t

phase ""

step "time per step (wall clock; $(nproc) CPUs; $([ "$RSHA_FULL" = 1 ] && echo full || echo default) run)"
total=$(( $(date +%s) - _suite_t0 ))
# The suite's own steps in order, then what ran beside them: each lane, with
# its guest boots (indented) under it.
awk -F'\t' -v total="$total" '
	function row(i) { return sprintf("  %6.1f min  %5.1f%%  %s", t[i] / 60, total ? 100 * t[i] / total : 0, n[i]) }
	{ n[NR] = $1; t[NR] = $2 }
	END {
		for (i = 1; i <= NR; i++) if (n[i] !~ /^  / && n[i] !~ /in the background/) print row(i)
		printf "  %6.1f min          total (wall clock)\n", total / 60
		print "  beside them:"
		for (i = 1; i <= NR; i++) if (n[i] ~ /in the background/) {
			print row(i)
			split(n[i], w, ":")
			for (j = 1; j <= NR; j++) if (n[j] ~ /^  / && index(n[j], "  " w[1] " ") == 1) print "  " row(j)
		}
	}' "$TIMINGS" >&2
commit=$(git -C "$RSHA_ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
awk -F'\t' -v d="$(date -u +%Y-%m-%dT%H:%MZ)" -v c="$commit" -v m="$RSHA_FULL" -v t="$total" '
	{ print d "\t" c "\t" (m ? "full" : "default") "\t" $2 "\t" $1 }
	END { print d "\t" c "\t" (m ? "full" : "default") "\t" t "\ttotal" }' \
	"$TIMINGS" >>"$RSHA_CACHE/timings-history.tsv"

passed=$(grep -c '^PASS ' "$RESULTS")
failed=$(grep -c '^FAIL ' "$RESULTS")
echo
echo "results per step and boot (a boot or step missing here reported nothing):"
awk -F'\t' '!($1 in seen) { seen[$1] = 1; order[n++] = $1 } { count[$1, $2]++ }
	END {
		printf "  %-64s %7s %7s\n", "label", "passed", "failed"
		for (i = 0; i < n; i++)
			printf "  %-64s %7d %7d\n", order[i], count[order[i], "PASS"], count[order[i], "FAIL"]
	}' "$RESULTS.labels"
echo
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ "$passed" -gt 0 ]
