# SPDX-License-Identifier: GPL-2.0
# What each test kernel builds and what the suite expects of it. Sourced.
#
# Assembly cores tested on the host (ARM under qemu-user, x86_64 natively):
# ARCH:ALG pairs.
CORE_TESTS="arm64:sha1 arm64:sha256 arm64:sha512 arm:sha1 arm:sha256 arm:sha512 x86_64:sha1 x86_64:sha256 x86_64:sha512"

# The in-kernel users (scripts/guest/initramfs/users.sh): Debian packages and the programs
# of theirs that go into the guest.
USERS_PACKAGES="kcapi-tools cryptsetup-bin iproute2"
USERS_PROGRAMS="/usr/bin/kcapi-dgst /sbin/cryptsetup /sbin/veritysetup /sbin/integritysetup /bin/ip"

# target_info TARGET sets: FRAGMENTS ARCH DEBARCH IMAGE CPUS MODULES DRIVERS
# TREE MODULES_BUILD RSHA_TEST
# SCALAR_DRIVERS NEON_DRIVERS CE_DRIVERS SELECTED_DRIVERS SELECTED TCRYPT
# UNIT_NAMES (NEON_DRIVERS and CE_DRIVERS: the vector and crypto units'
# drivers, AVX2 and SHA-NI on x86_64). CPUS are QEMU
# -cpu values, one guest boot each; DRIVERS (every driver the modules can
# register) are expected per CPU by cpu_drivers; SELECTED (alg=driver) is what
# tcrypt must pick: the selected ("auto") drivers, on every CPU.
# TREE: the kernel tree (scripts/build/kernel.sh): "pristine", the Debian tree
# as extracted, or "arm", the same with patches/6.12 applied (Rust on ARMv7 and
# the in-tree drivers). MODULES_BUILD: "oot", this project's modules built out
# of tree against the kernel build, or "intree", built with the kernel from
# crypto/rust-arm-sha/. RSHA_TEST=1: with the test-only modules. NEON_BOUND:
# where NEON sections are cut (rust/rsha/simd.rs): 4096 bytes, or none.
# NO_NEON_CPUS: boots on a CPU without NEON, where the NEON drivers must be absent.
# SYSTEM_CPU: the CPU of the Debian system test (a Debian kernel's
# target; empty: not run).
# USERS_BOOT: whether the first boot also runs the in-kernel users
# (scripts/guest/initramfs/users.sh); every test kernel's does (4-6 minutes under TCG).
# CYCLES_FIRST, CYCLES_OTHER: rmmod/insmod cycles per module on the boot of
# a kernel whose CPU registers the most drivers (scripts/test.sh, boots) and
# on its others (scripts/guest/initramfs/robustness.sh). Under TCG a
# module's cycle costs 1.3-2.2 s on arm64 and about 4 s on ARMv7 with 4
# virtual CPUs, beside another guest. A default run does a few per boot: a
# driver that fails to unregister, leaks or frees too early shows at its
# first cycle (-EEXIST at the next insmod, kmemleak, KASAN), so what many
# cycles add is only what builds up slowly, which one boot per kernel with
# every unit shows: RSHA_FULL=1 (scripts/test.sh --full) runs 25 there, the
# default's few on the others.
# KVER, REFERENCE: the kernel version, from the target's name (<base>-test is
# 6.12, <base>-7.3-test is 7.3; scripts/lib.sh, use_kernel, which also sets
# the kernel's source package and bindgen), and the suffix of the C drivers
# that testmgr and the suite compare ours with ("generic" on 6.12, "lib" on
# 7.3: sha256-generic, sha256-lib).
target_info() {
	NO_NEON_CPUS= USERS_BOOT=yes CAVP_DRIVERS=selected SYSTEM_CPU=
	local arch_suffix base=${1%-*} extra=
	# *-test: the debug kernels of the test suite; *-bench: the same
	# kernel without the debug options, for tcrypt, the benchmark and the
	# footprint report.
	case $1 in
	*-test) extra="debug-common.config" RSHA_TEST=1 ;;
	*-bench) RSHA_TEST=0 ;;
	*) die "unknown target $1 (expected <base>[-<kernel version>]-test or -bench)" ;;
	esac
	KVER=6.12 DISTRO=
	case $base in *-[0-9]*) KVER=${base##*-} base=${base%-*} ;; esac
	# debian-arm64, debian-armhf, debian-amd64: Debian's own kernel image, the newest with
	# Rust (scripts/debian-kernel.sh); a 7.x kernel, the 7.3 settings stand
	# in for what the suite needs of a version (its *-lib drivers).
	case $base in debian-*) DISTRO=debian KVER=7.3 ;; esac
	use_kernel "$KVER"
	if [ "$KVER" = 6.12 ]; then REFERENCE=generic; else REFERENCE=lib; fi
	case $base in
	debian-arm64 | debian-armhf)
		DEBARCH=${base#debian-} IMAGE=vmlinuz TREE=debian MODULES_BUILD=oot
		[ "$RSHA_TEST" = 1 ] || die "$1: Debian's kernels are booted by the test suite only (debian-$DEBARCH-test)"
		extra=
		if [ "$DEBARCH" = arm64 ]; then
			ARCH=arm64 arch_suffix=arm64 NEON_BOUND=none
			CPUS="cortex-a57 max,pauth-impdef=on"
		else
			ARCH=arm arch_suffix=arm NEON_BOUND=4096
			CPUS="cortex-a15 max"
		fi
		# A non-debug kernel: the cycles find what they find at once.
		CYCLES_FIRST=3 CYCLES_OTHER=2
		[ "${RSHA_FULL:-0}" = 0 ] || CYCLES_FIRST=25 CYCLES_OTHER=2
		# The Debian system test (scripts/guest/debian-system.sh), in
		# --full only: an arm64 system, on the CPU where ours and the
		# kernel's *-lib drivers each serve some algorithms.
		[ "${RSHA_FULL:-0}" = 0 ] || [ "$DEBARCH" != arm64 ] || SYSTEM_CPU=cortex-a57
		;;
	debian-amd64)
		# Debian's amd64 image (in --full only), booted as the x86_64
		# kernels are: TCG's max (AVX2) and Haswell without AVX2.
		ARCH=x86_64 DEBARCH=amd64 IMAGE=vmlinuz TREE=debian MODULES_BUILD=oot
		[ "$RSHA_TEST" = 1 ] || die "$1: Debian's kernels are booted by the test suite only (debian-amd64-test)"
		extra= arch_suffix=x86_64 NEON_BOUND=4096
		CPUS="max Haswell,-avx2"
		CYCLES_FIRST=3 CYCLES_OTHER=2
		[ "${RSHA_FULL:-0}" = 0 ] || CYCLES_FIRST=25 CYCLES_OTHER=2
		# The Debian system test on KVM where /dev/kvm works, else
		# TCG's max (scripts/guest/debian-system.sh).
		SYSTEM_CPU=kvm
		;;
	arm64)
		ARCH=arm64 DEBARCH=arm64 IMAGE=arch/arm64/boot/Image
		# cortex-a57: SHA-1/SHA-256 instructions, no SHA-512 ones;
		# max: all three.
		CPUS="cortex-a57 max,pauth-impdef=on"
		arch_suffix=arm64
		CYCLES_FIRST=3 CYCLES_OTHER=3
		[ "${RSHA_FULL:-0}" = 0 ] || CYCLES_FIRST=25 CYCLES_OTHER=3
		[ "$RSHA_TEST" = 0 ] || extra+=" arm64-debug.config"
		TREE=pristine MODULES_BUILD=oot
		NEON_BOUND=none
		[ "$KVER" != 6.12 ] || extra+=" arm64-intree-6.12.config"
		# kCFI on the arm64 test kernels (x86_64 allows it too); 6.12
		# names the option CFI_CLANG.
		if [ "$RSHA_TEST" = 1 ]; then
			if [ "$KVER" = 6.12 ]; then extra+=" arm64-cfi-6.12.config"; else extra+=" arm64-cfi.config"; fi
		fi
		;;
	arm | arm-thumb2)
		ARCH=arm DEBARCH=armhf IMAGE=arch/arm/boot/zImage
		# cortex-a15: ARMv7, no Crypto Extensions; max: an ARMv8 CPU
		# in AArch32 with the SHA-1/SHA-256 instructions.
		CPUS="cortex-a15 max"
		# Without NEON: the drivers decide it in the library's Rust, the
		# same code in both instruction sets, so the ARM kernel boots it
		# and the Thumb-2 one does not (3 minutes under TCG).
		NO_NEON_CPUS="cortex-a15,neon=off"
		[ "$base" = arm ] || NO_NEON_CPUS=
		arch_suffix=arm
		CYCLES_FIRST=3 CYCLES_OTHER=3
		[ "${RSHA_FULL:-0}" = 0 ] || CYCLES_FIRST=25 CYCLES_OTHER=3
		NEON_BOUND=4096
		if [ "$KVER" = 6.12 ]; then
			# 6.12 builds Rust on ARMv7 only with patches/6.12: the
			# patched tree, the modules in tree.
			TREE=arm MODULES_BUILD=intree
			extra+=" arm-intree-6.12.config arm-rsha.config"
			[ "$RSHA_TEST" = 0 ] || extra+=" rsha-test.config"
		else
			# Upstream Rust on ARMv7 (6.15 on): the pristine tree, the
			# modules out of tree. The ARM kernel only: Thumb-2 is
			# covered on 6.12 (Documentation/testing.rst says why that
			# is enough), and the boot without NEON is left to 6.12 too.
			TREE=pristine MODULES_BUILD=oot
			[ "$base" = arm ] || die "$1: no Thumb-2 target on $KVER (arm-$KVER-test is the ARM one)"
			NO_NEON_CPUS=
		fi
		;;
	x86_64)
		ARCH=x86_64 DEBARCH=amd64 IMAGE=arch/x86/boot/bzImage
		# QEMU's TCG: AVX2 and BMI2 on max, SHA-NI on no model of
		# QEMU 7.2 (the SHA-NI cores run on the host CPU:
		# tests/cores); Haswell without AVX2: the scalar unit.
		CPUS="max Haswell,-avx2"
		arch_suffix=x86_64
		CYCLES_FIRST=3 CYCLES_OTHER=3
		[ "${RSHA_FULL:-0}" = 0 ] || CYCLES_FIRST=25 CYCLES_OTHER=3
		[ "$RSHA_TEST" = 0 ] || extra+=" x86_64-debug.config"
		TREE=pristine MODULES_BUILD=oot
		NEON_BOUND=4096
		;;
	uml)
		# User-Mode Linux on the host CPU, the one real CPU here: the
		# SHA-NI and AVX2 cores in the kernel, tcrypt in real time.
		ARCH=um DEBARCH=amd64 IMAGE=linux CPUS=host arch_suffix=x86_64
		[ "$RSHA_TEST" = 0 ] || extra=uml-debug.config
		[ "$KVER" != 6.12 ] || die "$1: User-Mode Linux runs Rust from 7.x on here (uml-7.3-test)"
		CYCLES_FIRST=3 CYCLES_OTHER=3 USERS_BOOT=no
		TREE=pristine MODULES_BUILD=oot
		NEON_BOUND=4096
		;;
	*) die "unknown target $1" ;;
	esac
	# The default run (scripts/test.sh without --full) boots each kernel
	# on fewer CPUs, chosen so that its three targets together still put
	# every unit on a CPU that has it and show its absence on one that
	# lacks it (Documentation/testing.rst, "Default and full runs"):
	# own arm64 kernels on cortex-a57 (SHA-1/256 CE, no SHA-512 CE),
	# Debian's arm64 kernel on max (SHA-512 CE), the ARM kernels on max
	# (NEON and CE) and without NEON (neither). --full boots every CPU; the
	# bench kernels (tcrypt.sh) keep theirs.
	if [ "${RSHA_FULL:-0}" = 0 ] && [ "$RSHA_TEST" = 1 ]; then
		case $base in
		arm64) CPUS=cortex-a57 ;;
		x86_64) CPUS=max ;;
		debian-arm64) CPUS="max,pauth-impdef=on" ;;
		debian-amd64) CPUS=max ;;
		arm | arm-thumb2 | debian-armhf) CPUS=max ;;
		esac
	fi
	FRAGMENTS="test-common.config crypto-$KVER.config test-users.config $base-virt.config $extra"
	# The NIST vectors: with --full through every driver on the first
	# kernel of each architecture (the 6.12 ARM and arm64 ones), elsewhere
	# and in the default run through the selected drivers, the ones users
	# get. The unit drivers' code is the same on every kernel, and every
	# driver still meets testmgr's vectors and fuzz tests and is compared
	# with the kernel's own over random messages (users.sh).
	[ "${RSHA_FULL:-0}" = 0 ] || case $1 in arm64-test | arm-test) CAVP_DRIVERS=all ;; esac
	[ -z "$DISTRO" ] || FRAGMENTS=
	MODULES="sha1-$arch_suffix-rs sha256-$arch_suffix-rs sha512-$arch_suffix-rs"
	# The units' names in the driver names (rust/rsha/select.rs, unit_name):
	# NEON and CE on ARM, AVX2 and SHA-NI on x86_64 (UNIT_NAMES: scalar,
	# vector, crypto unit). NEON_DRIVERS and CE_DRIVERS are the vector and
	# crypto units' drivers whatever their names.
	local alg scalar= neon= ce= auto= selected= vu=neon cu=ce
	[ "$arch_suffix" != x86_64 ] || vu=avx2 cu=ni
	UNIT_NAMES="scalar $vu $cu"
	for alg in sha1 sha224 sha256 sha384 sha512; do
		scalar+=",$alg-$arch_suffix-rs"
		neon+=",$alg-$arch_suffix-$vu-rs"
		# No AArch32 SHA-512 instructions, no SHA-NI for SHA-512.
		case $arch_suffix/$alg in arm/sha384 | arm/sha512 | x86_64/sha384 | x86_64/sha512) ;;
		*) ce+=",$alg-$arch_suffix-$cu-rs" ;;
		esac
		auto+=",$alg-$arch_suffix-auto-rs"
		selected+=",$alg=$alg-$arch_suffix-auto-rs"
	done
	SCALAR_DRIVERS=${scalar#,} NEON_DRIVERS=${neon#,} CE_DRIVERS=${ce#,}
	SELECTED_DRIVERS=${auto#,} SELECTED=${selected#,}
	DRIVERS=$SCALAR_DRIVERS,$NEON_DRIVERS,$CE_DRIVERS,$SELECTED_DRIVERS
	# Each hash driver has its HMAC driver, hmac-<hash driver>.
	local d
	for d in ${DRIVERS//,/ }; do DRIVERS+=",hmac-$d"; done
	# tcrypt speed tests: 303 sha1, 304 sha256, 305 sha384, 306 sha512, 313 sha224.
	TCRYPT="mode=303,mode=304,mode=305,mode=306,mode=313"
}

# cpu_drivers CPU: sets CPU_DRIVERS (the drivers that must register on QEMU
# -cpu CPU, comma-separated) and CPU_ABSENT (those that must not), after
# target_info. The feature sets are QEMU 7.2's: arm64 cortex-a57 has the
# SHA-1 and SHA-256 instructions but not SHA-512, max has all three; 32-bit
# ARM cortex-a15 has none (and with neon=off no NEON), max has SHA-1/SHA-256.
# x86_64 under TCG: max has AVX2 and BMI2 but no SHA-NI (no QEMU 7.2 model
# has it under TCG), Haswell without AVX2 has neither unit; User-Mode Linux
# (host) has the units of this machine's CPU (rsha_cpu_has_vector/_ce in
# rust/rsha/helpers.c).
host_has() {	# host_has FLAG...: yes when this machine's CPU has every FLAG
	local f
	for f; do grep -qw "$f" /proc/cpuinfo || { echo no; return; }; done
	echo yes
}
cpu_drivers() {
	local d present= absent= has
	for d in ${DRIVERS//,/ }; do
		case $d in
		*-neon-rs) case $1 in *neon=off*) has=no ;; *) has=yes ;; esac ;;
		*-avx2-rs) case $1 in *-avx2*) has=no ;; host) has=$(host_has avx2 bmi1 bmi2) ;; *) has=yes ;; esac ;;
		*-ni-rs) case $1 in host) has=$(host_has sha_ni ssse3 sse4_1) ;; *) has=no ;; esac ;;
		*-ce-rs)
			# An HMAC driver runs its hash driver's unit.
			case $ARCH/$1/${d#hmac-} in
			*/max*/*) has=yes ;;
			arm64/cortex-a57*/sha384-* | arm64/cortex-a57*/sha512-*) has=no ;;
			arm64/cortex-a57*/*) has=yes ;;
			*) has=no ;;
			esac ;;
		*) has=yes ;;
		esac
		if [ $has = yes ]; then present+=",$d"; else absent+=",$d"; fi
	done
	CPU_DRIVERS=${present#,} CPU_ABSENT=${absent#,}
}
