# SPDX-License-Identifier: GPL-2.0
#
# intel-oa: entry points. `make run` and `make check` are the two commands a
# new user needs; everything else is a step they run for you.
#
#   make          build the module, the tools, the in-guest tests, QEMU
#   make run      record OA reports on the virtual PLATFORM (default skl,
#                 scripts/vm-run --list shows them) and print them
#   make check    run every test: style checks, host unit tests, the
#                 in-guest suite on every platform (INTEL_OA_PLATFORMS
#                 narrows it), then under the debug kernel; ends with
#                 "N passed, N failed, N skipped"
#   make module-6.12  the driver built against Debian 12's second kernel,
#                 6.12 (make check runs part of the suite under it)
#   make debug    the debug guest kernel (KASAN, lockdep, kmemleak, UBSAN,
#                 fault injection; cached) and the driver built against it
#   make install  install the tools, libintel_oa (shared and static), its
#                 headers, intel-oa.pc and the metric files under PREFIX
#                 (default /usr/local; DESTDIR for staging)
#   make fuzz     the seeded syscall fuzzer, FUZZ_SEQUENCES per platform
#                 family under the debug kernel (FUZZ_SEED replays a run,
#                 FUZZ_FIRST starts it at a later sequence)
#
# The Kbuild file next to this one is the kernel build's entry point.

TOP      := $(CURDIR)
BUILD    := $(TOP)/build
KVER     ?= $(shell bash -c '. scripts/lib.sh && guest_kver' 2>/dev/null)
KDIR     ?= /lib/modules/$(KVER)/build
PLATFORM ?= skl
DURATION ?= 2

.PHONY: all setup module module-6.12 tools igt qemu initramfs debug run check fuzz style clean help install

all: module tools igt qemu initramfs

setup:
	@scripts/setup

module: setup
	@echo "building intel_oa.ko for Linux $(KVER)"
	@$(MAKE) -s -C $(KDIR) M=$(TOP) W=1 CONFIG_DEBUG_INFO_BTF_MODULES= modules
	@mkdir -p $(BUILD)
	@cp drivers/gpu/drm/intel_oa/intel_oa.ko $(BUILD)/intel_oa.ko

tools: setup
	@echo "building the userspace library, intel-oa-stat and intel-oa-metrics"
	@$(MAKE) -s -C tools O=$(BUILD)/tools

PREFIX ?= /usr/local
install: setup
	@echo "installing the tools, libintel_oa, its headers and the metric files under $(DESTDIR)$(PREFIX)"
	@$(MAKE) -s -C tools O=$(BUILD)/tools PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) install

igt: setup tools
	@echo "building the in-guest test suite"
	@$(MAKE) -s -C tests/igt O=$(BUILD)/igt

# The debug kernel's module: built from a mirror of the sources under
# build/debug, so its objects never overwrite the production module's.
debug: setup
	@KTREE=$$(scripts/build-debug-kernel) && KTREE=$${KTREE##*[[:space:]]} && \
	mkdir -p $(BUILD)/debug/src && \
	cp -RLup Kbuild drivers include $(BUILD)/debug/src/ && \
	echo "building intel_oa.ko for the debug kernel $$(cat $$KTREE/include/config/kernel.release)" && \
	$(MAKE) -s -C $$KTREE M=$(BUILD)/debug/src W=1 modules && \
	cp $(BUILD)/debug/src/drivers/gpu/drm/intel_oa/intel_oa.ko $(BUILD)/debug/intel_oa.ko && \
	scripts/build-initramfs $$(cat $$KTREE/include/config/kernel.release) >/dev/null

# Debian 12's 6.12 kernel: built from a mirror under build/6.12 like the
# debug module, with the initramfs for that kernel.
K612VER  = $(shell bash -c '. scripts/lib.sh && guest_kver 6.12' 2>/dev/null)
module-6.12: setup
	@test -n "$(K612VER)" || { echo "error: no 6.12 kernel with headers: run scripts/setup" >&2; exit 1; }
	@mkdir -p $(BUILD)/6.12/src
	@cp -RLup Kbuild drivers include $(BUILD)/6.12/src/
	@echo "building intel_oa.ko for Linux $(K612VER)"
	@$(MAKE) -s -C /lib/modules/$(K612VER)/build M=$(BUILD)/6.12/src W=1 \
		CONFIG_DEBUG_INFO_BTF_MODULES= modules
	@cp $(BUILD)/6.12/src/drivers/gpu/drm/intel_oa/intel_oa.ko $(BUILD)/6.12/intel_oa.ko
	@scripts/build-initramfs $(K612VER) >/dev/null
qemu: setup
	@scripts/build-qemu >/dev/null

initramfs: setup
	@scripts/build-initramfs >/dev/null

# The platform name is checked before anything is built.
run:
	@scripts/vm-run --check --platform $(PLATFORM) -- true >/dev/null
	@$(MAKE) --no-print-directory all
	@echo "booting the virtual $(PLATFORM) and recording OA reports for $(DURATION) s"
	@scripts/vm-run --platform $(PLATFORM) -- $(BUILD)/tools/intel-oa-stat --duration $(DURATION)

check: all debug module-6.12
	@scripts/check

FUZZ_SEQUENCES ?= 1000000
fuzz: all debug
	@scripts/fuzz --sequences $(FUZZ_SEQUENCES) $(if $(FUZZ_SEED),--seed $(FUZZ_SEED)) \
		$(if $(FUZZ_FIRST),--first $(FUZZ_FIRST))

style: setup
	@scripts/check-style

clean:
	@$(MAKE) -s -C $(KDIR) M=$(TOP) clean 2>/dev/null || true
	@rm -rf $(BUILD)

help:
	@sed -n '3,17p' Makefile | sed 's/^# \{0,1\}//'
