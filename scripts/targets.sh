# SPDX-License-Identifier: GPL-2.0
# What each test kernel builds and what the suite expects of it. Sourced.
#
# Assembly cores tested on the host under qemu-user: ARCH:ALG pairs.
CORE_TESTS="arm64:sha1 arm64:sha256 arm64:sha512 arm:sha1 arm:sha256 arm:sha512"

# The in-kernel users (scripts/guest/users.sh): Debian packages and the programs
# of theirs that go into the guest.
USERS_PACKAGES="kcapi-tools cryptsetup-bin iproute2"
USERS_PROGRAMS="/usr/bin/kcapi-dgst /sbin/cryptsetup /sbin/veritysetup /sbin/integritysetup /bin/ip"

# target_info TARGET sets: FRAGMENTS ARCH DEBARCH IMAGE CPUS MODULES DRIVERS
# SCALAR_DRIVERS NEON_DRIVERS SELECTED TCRYPT. CPUS are QEMU -cpu values, one guest boot each; DRIVERS must all
# register and pass the self-tests; SELECTED (alg=driver) is what tcrypt must pick.
# NO_NEON_CPUS: boots on a CPU without NEON, where the NEON drivers must be absent.
target_info() {
	NO_NEON_CPUS=
	local arch_suffix
	case $1 in
	arm64-test)
		FRAGMENTS="test-common.config test-users.config arm64-test.config"
		ARCH=arm64 DEBARCH=arm64 IMAGE=arch/arm64/boot/Image
		CPUS="cortex-a57 max,pauth-impdef=on"
		arch_suffix=arm64
		;;
	arm-test | arm-thumb2-test)
		FRAGMENTS="test-common.config test-users.config $1.config"
		ARCH=arm DEBARCH=armhf IMAGE=arch/arm/boot/zImage
		CPUS="cortex-a15"
		NO_NEON_CPUS="cortex-a15,neon=off"
		arch_suffix=arm
		;;
	*) die "unknown test target $1" ;;
	esac
	MODULES="sha1-$arch_suffix-rs sha256-$arch_suffix-rs sha512-$arch_suffix-rs"
	local alg scalar= neon= selected=
	for alg in sha1 sha224 sha256 sha384 sha512; do
		scalar+=",$alg-$arch_suffix-rs"
		neon+=",$alg-$arch_suffix-neon-rs"
		selected+=",$alg=$alg-$arch_suffix-neon-rs"
	done
	SCALAR_DRIVERS=${scalar#,} NEON_DRIVERS=${neon#,} SELECTED=${selected#,}
	DRIVERS=$SCALAR_DRIVERS,$NEON_DRIVERS
	# tcrypt speed tests: 303 sha1, 304 sha256, 305 sha384, 306 sha512, 313 sha224.
	TCRYPT="mode=303,mode=304,mode=305,mode=306,mode=313"
}
