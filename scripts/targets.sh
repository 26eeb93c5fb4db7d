# SPDX-License-Identifier: GPL-2.0
# What each test kernel builds and what the suite expects of it. Sourced.
#
# Assembly cores tested on the host under qemu-user: ARCH:ALG pairs.
CORE_TESTS="arm64:sha256 arm:sha256"

# target_info TARGET sets: FRAGMENTS ARCH DEBARCH IMAGE CPUS MODULES DRIVERS
# SELECTED. CPUS are QEMU -cpu values, one guest boot each; DRIVERS must all
# register and pass the self-tests; SELECTED (alg=driver) is what tcrypt must pick.
# NO_NEON_CPUS: boots on a CPU without NEON, where the NEON drivers must be absent.
target_info() {
	NO_NEON_CPUS=
	case $1 in
	arm64-test)
		FRAGMENTS="test-common.config arm64-test.config"
		ARCH=arm64 DEBARCH=arm64 IMAGE=arch/arm64/boot/Image
		CPUS="cortex-a57 max,pauth-impdef=on"
		MODULES="sha256-arm64-rs"
		SCALAR_DRIVERS="sha224-arm64-rs,sha256-arm64-rs"
		NEON_DRIVERS="sha224-arm64-neon-rs,sha256-arm64-neon-rs"
		SELECTED="sha256=sha256-arm64-neon-rs"
		;;
	arm-test | arm-thumb2-test)
		FRAGMENTS="test-common.config $1.config"
		ARCH=arm DEBARCH=armhf IMAGE=arch/arm/boot/zImage
		CPUS="cortex-a15"
		NO_NEON_CPUS="cortex-a15,neon=off"
		MODULES="sha256-arm-rs"
		SCALAR_DRIVERS="sha224-arm-rs,sha256-arm-rs"
		NEON_DRIVERS="sha224-arm-neon-rs,sha256-arm-neon-rs"
		SELECTED="sha256=sha256-arm-neon-rs"
		;;
	*) die "unknown test target $1" ;;
	esac
	DRIVERS=$SCALAR_DRIVERS,$NEON_DRIVERS
}
