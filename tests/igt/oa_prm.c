// SPDX-License-Identifier: MIT
/*
 * oa_prm: the virtual GPU counts every programming the PRM forbids (see
 * the device model source for the rules). Run last, after everything else
 * has exercised the driver: the count must still be zero.
 */
#include "oa_test.h"

static void test_prm_violations(void)
{
	char bdf[64];
	volatile uint32_t *page;
	uint32_t n, last;

	igt_require_f(oa_find_pci(bdf, sizeof(bdf)), "no Intel PCI display device\n");
	page = oa_map_vgpu(bdf);
	igt_require_f(page, "no virtual-GPU control page on %s\n", bdf);
	n = page[VGPU_VIOLATIONS / 4];
	last = page[VGPU_LAST_VIOLATION / 4];
	igt_info("PRM violations counted by the device: %u (last code %#x); reports written %u, dropped %u, half-full irqs %u, MSIs %u\n",
		 n, last, page[VGPU_REPORTS_WRITTEN / 4], page[VGPU_REPORTS_DROPPED / 4],
		 page[VGPU_HALF_FULL_IRQS / 4], page[VGPU_MSIS_SENT / 4]);
	igt_assert_f(n == 0,
		     "the driver broke a PRM programming rule %u time(s); last violation code %#x (see tools/qemu for the code list and the guest's dmesg/QEMU log for details)",
		     n, last);
}

igt_main
{
	igt_describe("The device's PRM-violation counter is 0 after all other tests.");
	igt_subtest("prm-violations")
		test_prm_violations();
}
