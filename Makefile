# SPDX-License-Identifier: GPL-2.0
#
# Out-of-tree build of the modules against a configured and built kernel whose
# tree has this project's overlay (scripts/build/overlay.sh; scripts/build/kernel.sh does
# both):
#
#   make KDIR=<kernel build directory> [ARCH=arm64]
#
# Which modules build follows the kernel's .config; when the kernel was
# configured without them, every module of ARCH is built.

KDIR ?= $(HOME)/.cache/rust-arm-sha/build/arm64-test
ARCH ?= arm64
RUSTC ?= /usr/bin/rustc
BINDGEN ?= $(HOME)/.cargo/bin/bindgen
KMAKE = $(MAKE) -C $(KDIR) M=$(CURDIR) ARCH=$(ARCH) LLVM=1 RUSTC=$(RUSTC) BINDGEN=$(BINDGEN)

ifeq ($(ARCH),arm64)
KMAKE += CONFIG_CRYPTO_SHA1_ARM64_RUST=m CONFIG_CRYPTO_SHA256_ARM64_RUST=m \
	 CONFIG_CRYPTO_SHA512_ARM64_RUST=m
endif
ifeq ($(ARCH),arm)
KMAKE += CONFIG_CRYPTO_SHA1_ARM_RUST=m CONFIG_CRYPTO_SHA256_ARM_RUST=m \
	 CONFIG_CRYPTO_SHA512_ARM_RUST=m
endif

modules:
	PATH=/usr/lib/llvm-19/bin:$$PATH $(KMAKE) modules

clean:
	$(KMAKE) clean

.PHONY: modules clean
