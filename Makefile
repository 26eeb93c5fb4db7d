# SPDX-License-Identifier: GPL-2.0
#
# Out-of-tree build of the modules against a configured and built Rust-enabled
# kernel (6.12, 7.2 or 7.3; built with clang or with GCC), used as it is:
#
#   make KDIR=<kernel build directory> [ARCH=arm64|arm|x86_64] [RSHA_TEST=1] [RSHA_UNIT_DRIVERS=1]
#        [RUSTC=...] [BINDGEN=...] [CLIPPY=1] [modules|rustdoc|modules_install|clean]
#
# KDIR is the kernel's build directory (its O=, or the tree itself): it must
# hold the .config and the build's Rust artifacts (rust/libkernel.rmeta), which
# is what a kernel built with CONFIG_RUST=y leaves. A module registers one
# driver per algorithm, the selected one. RSHA_TEST=1 also builds the
# test-only modules (negative control, robustness test), the debugfs
# statistics the suite reads and, as RSHA_UNIT_DRIVERS=1 does alone, a driver
# per unit. The compilers must be the kernel's own: the
# Makefile stops when rustc, bindgen or the C compiler (clang, or the GCC a
# distribution built its kernel with; the same GCC release of another
# package revision is only noted) differ from what the .config records.

.DEFAULT_GOAL := modules
KDIR ?= $(HOME)/.cache/rust-arm-sha/build/arm64-test
ARCH ?= arm64
RSHA_TEST ?= 0
RUSTC ?= /usr/bin/rustc
# CLIPPY=1 lints with the clippy of the same toolchain as RUSTC.
CLIPPY_DRIVER ?= $(dir $(RUSTC))clippy-driver
RUSTDOC ?= $(dir $(RUSTC))rustdoc
LLVM_BIN ?= /usr/lib/llvm-19/bin

# What the kernel must have, checked before anything is compiled, so that a
# wrong KDIR gives one message instead of a bindgen or rustc backtrace.
config = $(KDIR)/.config
kconfig = $(shell sed -n 's/^$(1)=//p' $(config) 2>/dev/null)
kconfig_text = $(shell sed -n 's/^$(1)="\(.*\)"$$/\1/p' $(config) 2>/dev/null)

# bindgen: BINDGEN=... when given (command line or environment). Otherwise
# the one this checkout last built with for the bindgen version the kernel
# records (CONFIG_BINDGEN_VERSION_TEXT): every make whose check finds a
# bindgen of that version keeps "<version text><TAB><absolute path>" in
# .rsha-bindgen (ignored by git; `make clean` removes it), so that
# `sudo make KDIR=... modules_install` uses the user's bindgen, which
# $(HOME) (root's, under sudo) would not find. Failing that, the first of
# these of the kernel's version: `bindgen` on PATH, /usr/local/bin/bindgen,
# /usr/bin/bindgen, ~/.cargo/bin/bindgen and ~/.cargo/bindgen-<version>/bin/
# bindgen (where scripts/setup-host.sh installs the 7.x one); else
# ~/.cargo/bin/bindgen, which the check then names.
BINDGEN_RECORD := $(CURDIR)/.rsha-bindgen
bindgen_want = $(call kconfig_text,CONFIG_BINDGEN_VERSION_TEXT)
ifeq ($(origin BINDGEN),undefined)
BINDGEN := $(shell want='$(bindgen_want)'; [ -n "$$want" ] || exit 0; \
	rec=$$(awk -F'\t' -v w="$$want" '$$1 == w { print $$2; exit }' '$(BINDGEN_RECORD)' 2>/dev/null); \
	for b in "$$rec" "$$(command -v bindgen)" /usr/local/bin/bindgen /usr/bin/bindgen \
		"$(HOME)/.cargo/bin/bindgen" "$(HOME)/.cargo/bindgen-$(word 2,$(bindgen_want))/bin/bindgen"; do \
		[ -n "$$b" ] && [ -x "$$b" ] && [ "$$("$$b" --version 2>/dev/null)" = "$$want" ] && { echo "$$b"; exit 0; }; \
	done)
BINDGEN := $(or $(BINDGEN),$(HOME)/.cargo/bin/bindgen)
endif

# The C compiler is the kernel's: clang (LLVM=1, as the project's own test
# kernels are built), or GCC as a distribution builds its kernels, under the
# name its .config records (CONFIG_CC_VERSION_TEXT: Debian's arm64 kernels
# say "aarch64-linux-gnu-gcc-14 (Debian 14.2.0-19) 14.2.0"), with
# CROSS_COMPILE the name up to "gcc".
ifeq ($(call kconfig,CONFIG_CC_IS_GCC),y)
KCC ?= $(firstword $(call kconfig_text,CONFIG_CC_VERSION_TEXT))
CROSS_COMPILE ?= $(shell echo '$(KCC)' | sed 's/gcc[-0-9.]*$$//')
KMAKE_CC = CC=$(KCC) CROSS_COMPILE=$(CROSS_COMPILE)
else
KCC = clang
KMAKE_CC = LLVM=1
endif
KMAKE = PATH=$(LLVM_BIN):$$PATH $(MAKE) -C $(KDIR) M=$(CURDIR) ARCH=$(ARCH) $(KMAKE_CC) \
	RUSTC=$(RUSTC) BINDGEN=$(BINDGEN) CLIPPY_DRIVER=$(CLIPPY_DRIVER) \
	RUSTDOC=$(RUSTDOC)

ifeq ($(ARCH),arm64)
KMAKE += CONFIG_CRYPTO_SHA1_ARM64_RUST=m CONFIG_CRYPTO_SHA256_ARM64_RUST=m \
	 CONFIG_CRYPTO_SHA512_ARM64_RUST=m
else ifeq ($(ARCH),arm)
KMAKE += CONFIG_CRYPTO_SHA1_ARM_RUST=m CONFIG_CRYPTO_SHA256_ARM_RUST=m \
	 CONFIG_CRYPTO_SHA512_ARM_RUST=m
else ifneq ($(filter x86_64 um,$(ARCH)),)
KMAKE += CONFIG_CRYPTO_SHA1_X86_64_RUST=m CONFIG_CRYPTO_SHA256_X86_64_RUST=m \
	 CONFIG_CRYPTO_SHA512_X86_64_RUST=m
else
$(error ARCH=$(ARCH): the drivers are for arm64, arm and x86_64 (um: User-Mode Linux on x86_64))
endif
ifeq ($(RSHA_TEST),1)
KMAKE += CONFIG_CRYPTO_RSHA_STATS=y CONFIG_CRYPTO_RSHA_NEGATIVE_CONTROL=m \
	 CONFIG_CRYPTO_RSHA_ROBUSTNESS_TEST=m
endif
# RSHA_UNIT_DRIVERS=1 (the default of RSHA_TEST=1) also registers the
# per-unit drivers (*-rs, *-neon-rs, *-ce-rs) beside the selected one of
# each algorithm, for the tests and benchmarks that name a unit.
RSHA_UNIT_DRIVERS ?= $(RSHA_TEST)
ifeq ($(RSHA_UNIT_DRIVERS),1)
KMAKE += CONFIG_CRYPTO_RSHA_UNIT_DRIVERS=y
endif

need_config = $(if $(filter $(2),$(call kconfig,$(1))),,$(error $(KDIR): the kernel has no $(1)=$(firstword $(2)) ($(3))))
# The kernels the modules support, any X.Y.z of each whatever the local
# version after it: the one list, which scripts/lib.sh (its BUILT_KERNELS,
# the ones the suite builds from source, must be among them) and
# scripts/debian-kernel.sh read, and scripts/results/check-docs.py holds
# the documents to.
SUPPORTED_KERNELS := 6.12 7.2 7.3
kernel_release = $(shell cat $(KDIR)/include/config/kernel.release 2>/dev/null)
kernel_x_y = $(shell echo '$(kernel_release)' | sed -n 's/^\([0-9]*\.[0-9]*\)[.+-].*/\1/p; s/^\([0-9]*\.[0-9]*\)$$/\1/p')

check:
	$(if $(wildcard $(config)),,$(error $(KDIR) has no .config: KDIR must be a configured and built kernel tree))
	$(if $(kernel_release),,$(error $(KDIR) has no include/config/kernel.release: KDIR must be a configured and built kernel tree))
	$(if $(filter $(SUPPORTED_KERNELS),$(kernel_x_y)),,$(error $(KDIR): Linux $(kernel_release) is not supported: the drivers support Linux $(SUPPORTED_KERNELS) (SUPPORTED_KERNELS in $(CURDIR)/Makefile)))
	$(call need_config,CONFIG_RUST,y,the drivers are Rust)
	$(call need_config,CONFIG_MODULES,y,they are modules)
	$(call need_config,CONFIG_CRYPTO_HASH,y m,they are shash drivers)
	$(if $(filter arm64,$(ARCH)),$(call need_config,CONFIG_ARM64,y,ARCH=arm64 but another kernel))
	$(if $(filter arm,$(ARCH)),$(call need_config,CONFIG_ARM,y,ARCH=arm but another kernel))
	$(if $(filter x86_64 um,$(ARCH)),$(call need_config,CONFIG_X86_64,y,ARCH=$(ARCH) but another kernel))
	$(if $(filter 1,$(RSHA_TEST)),$(if $(filter 6.12,$(kernel_x_y)),$(call need_config,CONFIG_CRYPTO_MANAGER,y,the test modules need the self-tests),$(call need_config,CONFIG_CRYPTO_SELFTESTS,y,the test modules need the self-tests)))
	$(if $(filter 1,$(RSHA_TEST)),$(call need_config,CONFIG_DEBUG_FS,y,the statistics are in debugfs))
	$(if $(filter y,$(call kconfig,CONFIG_CRYPTO_MANAGER_DISABLE_TESTS)),$(if $(filter 1,$(RSHA_TEST)),$(error $(KDIR): CONFIG_CRYPTO_MANAGER_DISABLE_TESTS=y: the negative control needs the self-tests)))
	$(if $(wildcard $(KDIR)/rust/libkernel.rmeta),,$(error $(KDIR) has no rust/libkernel.rmeta: build the kernel first (distribution headers packages do not carry the Rust build artifacts)))
	@want='$(call kconfig_text,CONFIG_RUSTC_VERSION_TEXT)'; have=$$($(RUSTC) --version 2>/dev/null); \
	[ "$$want" = "$$have" ] || { echo "error: $(RUSTC) is '$$have', the kernel was built with '$$want': modules must be built with the kernel's rustc (RUSTC=...)" >&2; exit 1; }
	@want='$(call kconfig_text,CONFIG_BINDGEN_VERSION_TEXT)'; have=$$($(BINDGEN) --version 2>/dev/null); \
	[ -z "$$want" ] || [ "$$want" = "$$have" ] || { echo "error: $(BINDGEN) is '$$have', the kernel was built with '$$want' (BINDGEN=...)" >&2; exit 1; }; \
	path=$$(command -v '$(BINDGEN)') && path=$$(realpath -s "$$path") && [ -n "$$want" ] || exit 0; \
	line=$$(printf '%s\t%s' "$$want" "$$path"); \
	grep -qxF "$$line" '$(BINDGEN_RECORD)' 2>/dev/null || \
	{ { awk -F'\t' -v w="$$want" '$$1 != w' '$(BINDGEN_RECORD)' 2>/dev/null; echo "$$line"; } >'$(BINDGEN_RECORD).new' && \
	  cat '$(BINDGEN_RECORD).new' >'$(BINDGEN_RECORD)' && rm -f '$(BINDGEN_RECORD).new'; } || true
	@want='$(call kconfig_text,CONFIG_CC_VERSION_TEXT)'; have=$$(PATH=$(LLVM_BIN):$$PATH $(KCC) --version 2>/dev/null | head -n1); \
	[ "$$want" = "$$have" ] || [ '$(KCC)' = clang ] || [ "$$(PATH=$(LLVM_BIN):$$PATH $(KCC) -dumpfullversion 2>/dev/null | \
		awk -F. '{ printf "%d%02d%02d", $$1, $$2, $$3 }')" != '$(call kconfig,CONFIG_GCC_VERSION)' ] || \
		{ echo "note: $(KCC) is '$$have', the kernel was built with '$$want': the same GCC release, another package revision" >&2; want=$$have; }; \
	[ "$$want" = "$$have" ] || { echo "error: $(KCC) is '$$have', the kernel was built with '$$want' ($(if $(filter clang,$(KCC)),LLVM_BIN=...,KCC=...))" >&2; exit 1; }

	$(call cfi_check,CONFIG_CFI)
	$(call cfi_check,CONFIG_CFI_CLANG)

# Kernel CFI (CONFIG_CFI; 6.12: CONFIG_CFI_CLANG): Kbuild compiles the modules
# with the kernel's setting, kCFI type hashes on every function whose address
# C may call and checks before every indirect call. The same symbol given on
# the make command line (or in the environment) would override it for this
# build alone: a module without hashes in a CFI kernel traps at its first
# callback, one with checks in a kernel without them does not load cleanly.
# Refused before anything compiles.
cfi_check = $(if $(filter command line environment%,$(origin $(1))),$(if $(filter-out x$(call kconfig,$(1)),x$(patsubst n,,$(strip $($(1))))),$(error $(1)=$($(1)): the kernel in $(KDIR) was built with $(if $(call kconfig,$(1)),$(1)=$(call kconfig,$(1)),$(1) unset): modules must be built with the kernel's CFI setting (drop $(1) from the command line))))

modules: check
	$(KMAKE) modules

# The library's rustdoc, in rust/doc/ (warnings are errors: broken links fail).
rustdoc: check
	$(KMAKE) RSHA_RUSTDOC=1 modules

# Into /lib/modules/<release>/updates (INSTALL_MOD_PATH=... for a staging
# root); run depmod -a afterwards (the kernel's modules_install does, for its
# own release).
modules_install: check
	$(KMAKE) INSTALL_MOD_DIR=updates modules_install

clean:
	$(KMAKE) clean
	rm -rf rust/rsha/bindings_generated.rs rust/doc rust/doc.stamp .rsha-bindgen

.PHONY: check modules rustdoc modules_install clean
