#!/bin/bash
# SPDX-License-Identifier: MIT
#
# oa_force_probe.sh MODULE: the driver binds a real Intel GPU only when
# its force_probe parameter names the GPU's PCI device ID (or is "*").
# Needs a guest with --no-module and a virtual GPU that presents a
# board's PCI subsystem instead of QEMU's, which the driver always binds:
#   INTEL_OA_DEVICE_PROPS=subsystem=0x80862063 \
#     scripts/vm-run --no-module --platform skl -- \
#     build/igt/oa_force_probe.sh build/intel_oa.ko
# Prints one line per case and "N passed, N failed, 0 skipped".

set -u
ko=${1:?usage: oa_force_probe.sh MODULE}
passed=0
failed=0

gpu=
for d in /sys/bus/pci/devices/*; do
	if [ "$(cat "$d/vendor")" = 0x8086 ] && [ "$(cat "$d/class")" = 0x030000 ]; then
		gpu=${d##*/}
		break
	fi
done
[ -n "$gpu" ] || { echo "no Intel GPU in this guest"; exit 1; }
dev=$(cat "/sys/bus/pci/devices/$gpu/device")
dev=${dev#0x}
if [ "$(cat "/sys/bus/pci/devices/$gpu/subsystem_vendor")" = 0x1af4 ]; then
	echo "the GPU has QEMU's subsystem: run with INTEL_OA_DEVICE_PROPS=subsystem=0x80862063"
	exit 1
fi
modprobe drm || exit 1

# case NAME EXPECT(bound|unbound) [PARAM]
case_() {
	local name=$1 want=$2 got
	shift 2
	dmesg -C
	if ! insmod "$ko" "$@"; then
		echo "FAIL $name: insmod $* failed"
		failed=$((failed + 1))
		return
	fi
	got=unbound
	[ -e "/sys/bus/pci/drivers/intel_oa/$gpu" ] && got=bound
	if [ "$got" = "$want" ] && { [ "$want" = bound ] ||
	   dmesg | grep -q "(0x$dev) is a real Intel GPU: not bound without intel_oa.force_probe=$dev"; }; then
		echo "ok   $name: $got"
		passed=$((passed + 1))
	else
		echo "FAIL $name: $got, expected $want (kernel log below)"
		dmesg | tail -5
		failed=$((failed + 1))
	fi
	rmmod intel_oa
}

case_ "no force_probe" unbound
case_ "another GPU's ID" unbound force_probe=ffff
case_ "a malformed list" unbound "force_probe=x$dev,"
case_ "its ID" bound "force_probe=$dev"
case_ "its ID in upper case, second in a list" bound "force_probe=1234,${dev^^}"
case_ "'*'" bound "force_probe=*"

echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
