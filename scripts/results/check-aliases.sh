#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-aliases.sh [--user] LABEL MODULE.ko...: one PASS/FAIL line per module: its
# .modinfo aliases (modinfo -F alias) are exactly those of its in-tree
# counterpart's kind, crypto-<alg> and <alg> for every algorithm and for its
# HMAC, hmac(<alg>), crypto-<driver> and <driver> for every driver and for its
# HMAC driver, hmac-<driver>, derived here from the module's name
# (sha1-<arch>-rs: sha1; sha256-<arch>-rs: sha224, sha256; sha512-<arch>-rs:
# sha384, sha512; each with a scalar and a vector unit driver, NEON or AVX2,
# and a crypto unit one, CE or SHA-NI, where there are instructions for it), and the CPU alias that
# has udev load it at boot. A test-only module
# (rsha-*) must have none, so that no request ever loads it. --user: a
# user's build, whose only drivers are the selected ones (*-auto-rs).
# Exit status: 0 when every module passed, 1 when one failed (or the check
# could not run: a missing tool, no module).
set -uo pipefail
. "$(dirname "$0")/../lib.sh"
trap - ERR
USER_BUILD=
[ "${1:-}" != --user ] || { USER_BUILD=1; shift; }
LABEL=${1:?usage: check-aliases.sh [--user] LABEL MODULE.ko...}
shift
need modinfo kmod
# module_algs, shared with the guest's scripts.
. "$RSHA_ROOT/scripts/guest/initramfs/lib.sh"
[ $# -gt 0 ] || die "check-aliases.sh: no module given"
# The CPU alias holds "*": no globbing of the word lists below.
set -f
failed=0
for ko in "$@"; do
	m=$(basename "$ko" .ko) want=
	case $m in
	rsha-*) ;;
	sha*-*-rs)
		arch=${m#*-} arch=${arch%-rs}
		algs=$(module_algs "$m")
		[ -n "$algs" ] || { echo "FAIL $LABEL: aliases of $m: unknown module"; failed=1; continue; }
		# The CPU device table's alias (rust/rsha/helpers.c): a feature
		# every CPU it runs on has, arm64 FP (0), ARM TLS (hwcap bit 15),
		# x86 the FPU (X86_FEATURE_FPU, which is 0, X86_FEATURE_ANY:
		# file2alias writes no number after "feature:*").
		# The units' names: NEON and CE on ARM, AVX2 and SHA-NI on x86_64.
		vu=neon cu=ce
		case $arch in
		arm64) want="cpu:type:*:feature:*0000* " ;;
		x86_64) want="cpu:type:x86,ven*fam*mod*:feature:* " vu=avx2 cu=ni ;;&
		x86_64) case $LABEL in uml-*) want= ;; esac ;;	# UML: no CPU modaliases
		*) want="cpu:type:*:feature:*000F* " ;;
		esac
		for a in $algs; do
			ce="$a-$arch-$cu-rs"
			# No AArch32 SHA-512 instructions, no SHA-NI for SHA-512.
			case $arch/$a in arm/sha384 | arm/sha512 | x86_64/sha384 | x86_64/sha512) ce= ;; esac
			units="$a-$arch-rs $a-$arch-$vu-rs $ce"
			[ -z "$USER_BUILD" ] || units=
			# Each driver with its HMAC: hmac(<alg>), hmac-<driver>.
			for n in "$a" $units "$a-$arch-auto-rs"; do
				[ "$n" = "$a" ] && h="hmac($a)" || h="hmac-$n"
				want+="crypto-$n $n crypto-$h $h "
			done
		done
		;;
	*) echo "FAIL $LABEL: aliases of $m: unknown module"; failed=1; continue ;;
	esac
	want=$(printf '%s\n' $want | LC_ALL=C sort)
	if ! have=$(modinfo -F alias "$ko" 2>&1); then
		echo "FAIL $LABEL: aliases of $m: modinfo cannot read $ko: $(echo $have)"
		failed=1
		continue
	fi
	have=$(LC_ALL=C sort <<<"$have")
	if [ "$have" != "$want" ]; then
		echo "FAIL $LABEL: aliases of $m: want [$(echo $want)], modinfo says [$(echo $have)]"
		failed=1
	elif [ -n "$want" ]; then
		echo "PASS $LABEL: ${USER_BUILD:+user build: }$m declares its $(echo $want | wc -w) aliases (crypto-<alg>, <alg>, crypto-<driver>, <driver>, each also for HMAC, and the CPU alias)"
	else
		echo "PASS $LABEL: $m (test only) declares no alias"
	fi
done
exit $failed
