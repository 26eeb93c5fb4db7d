# SPDX-License-Identifier: GPL-2.0
# What each test kernel builds and what the suite expects of it. Sourced.
#
# Assembly cores tested on the host under qemu-user: ARCH:ALG pairs.
CORE_TESTS="arm64:sha256"

# target_info TARGET sets: ARCH DEBARCH IMAGE CPUS MODULES DRIVERS SELECTED
target_info() {
	case $1 in
	arm64-test)
		ARCH=arm64 DEBARCH=arm64 IMAGE=arch/arm64/boot/Image
		CPUS="cortex-a57 max,pauth-impdef=on"
		MODULES="sha256-arm64-rs"
		DRIVERS="sha224-arm64-rs,sha256-arm64-rs,sha224-arm64-neon-rs,sha256-arm64-neon-rs"
		SELECTED="sha256=sha256-arm64-neon-rs"
		;;
	*) die "unknown test target $1" ;;
	esac
}
