#!/bin/bash
# SPDX-License-Identifier: MIT
#
# oa_force_probe.sh MODULE: the driver binds a real Intel GPU only when
# its force_probe parameter names the GPU's PCI device ID (or is "*");
# udev would never load it for one (its PCI aliases carry QEMU's
# subsystem); its dev.i915 sysctls exist only while it drives a GPU; and
# i915 loaded first or second keeps or gets its own dev.i915 knobs, with
# neither driver failing.
# Needs a guest with --no-module and a virtual GPU that presents a
# board's PCI subsystem instead of QEMU's, which the driver always binds:
#   INTEL_OA_DEVICE_PROPS=subsystem=0x80862063 \
#     scripts/vm-run --no-module --allow-i915 --platform skl -- \
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

ok() {
	echo "ok   $1"
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $1"
	failed=$((failed + 1))
}

# Autoload: no alias of the module matches this GPU's modalias; the same
# ID with QEMU's subsystem is matched (the virtual GPU).
modalias=$(cat "/sys/bus/pci/devices/$gpu/modalias")
qemu_alias=$(sed -E 's/sv[0-9A-F]{8}sd[0-9A-F]{8}/sv00001AF4sd00001100/' <<<"$modalias")
real_hit= qemu_hit=
while read -r a; do
	# shellcheck disable=SC2053 # the aliases are globs
	[[ $modalias == $a ]] && real_hit=$a
	# shellcheck disable=SC2053
	[[ $qemu_alias == $a ]] && qemu_hit=$a
done < <(modinfo -F alias "$ko")
if [ -z "$real_hit" ] && [ -n "$qemu_hit" ]; then
	ok "udev: no alias for $modalias; $qemu_hit for the virtual GPU"
else
	fail "udev: alias '$real_hit' matches the real GPU, '$qemu_hit' the virtual one"
fi

# The sysctls exist only while a GPU is bound.
knob=/proc/sys/dev/i915/perf_stream_paranoid
insmod "$ko" || fail "insmod without force_probe"
if [ ! -e "$knob" ]; then ok "sysctls: none while nothing is bound"
else fail "sysctls: $knob exists with nothing bound"; fi
rmmod intel_oa
insmod "$ko" "force_probe=$dev" || fail "insmod force_probe=$dev"
if [ -e "$knob" ]; then ok "sysctls: present while bound"
else fail "sysctls: $knob missing while bound"; fi
rmmod intel_oa
if [ ! -e "$knob" ]; then ok "sysctls: gone after rmmod"
else fail "sysctls: $knob left after rmmod"; fi

# i915 first: i915 owns dev.i915 (driver_override keeps it off the GPU),
# intel_oa binds and leaves i915's knobs alone and working.
echo intel_oa >"/sys/bus/pci/devices/$gpu/driver_override"
if ! modprobe i915 2>/dev/null; then
	echo "skip i915 coexistence: no i915 module for $(uname -r)"
else
	if echo 0 >"$knob" && [ "$(cat "$knob")" = 0 ]; then ok "i915 first: i915's knob works"
	else fail "i915 first: i915's $knob not writable"; fi
	dmesg -C
	insmod "$ko" "force_probe=$dev" || fail "i915 first: insmod failed"
	if [ -e "/sys/bus/pci/drivers/intel_oa/$gpu" ] &&
	   dmesg | grep -q "dev.i915.\* belongs to i915"; then
		ok "i915 first: intel_oa binds and says the knobs are i915's"
	else
		fail "i915 first: intel_oa bound=$([ -e "/sys/bus/pci/drivers/intel_oa/$gpu" ] && echo yes || echo no)"
		dmesg | tail -3
	fi
	rmmod intel_oa
	if echo 1 >"$knob" && [ "$(cat "$knob")" = 1 ]; then ok "i915 first: its knob survives intel_oa"
	else fail "i915 first: $knob gone or broken after intel_oa"; fi
	modprobe -r i915

	# intel_oa first: it owns dev.i915; i915 still loads (its own
	# registration fails, which i915 ignores) and intel_oa stays bound.
	# The kernel's failure path for a duplicate sysctl (erase_header()
	# on entries never inserted, 6.1 and 6.12 alike) then hides
	# intel_oa's entries from /proc until it rebinds: reported, not
	# asserted, as no driver can prevent it.
	insmod "$ko" "force_probe=$dev" || fail "intel_oa first: insmod failed"
	if modprobe i915 2>/dev/null && [ -e "/sys/bus/pci/drivers/intel_oa/$gpu" ]; then
		ok "intel_oa first: i915 loads, intel_oa stays bound"
	else
		fail "intel_oa first: i915 failed to load or intel_oa lost the GPU"
	fi
	[ -e "$knob" ] || echo "info intel_oa first: i915's failed registration hid $knob (kernel sysctl failure path)"
	modprobe -r i915
	rmmod intel_oa
	if modprobe i915 2>/dev/null && [ -e "$knob" ]; then ok "intel_oa first: i915 registers its knobs once intel_oa is gone"
	else fail "intel_oa first: i915 has no $knob after intel_oa left"; fi
	modprobe -r i915
fi
echo >"/sys/bus/pci/devices/$gpu/driver_override"

echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
