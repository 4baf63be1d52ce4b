// SPDX-License-Identifier: MIT
/*
 * oa_prm: the virtual GPU counts every programming the PRM forbids (see
 * the device model source for the rules). Run last, after everything else
 * has exercised the driver: the count must equal the violations other
 * subtests provoked on purpose (OA_EXPECTED_VIOLATIONS_FILE), so the driver
 * itself broke no rule.
 */
#include "oa_test.h"

/*
 * Number of ledger lines; *@last_code gets the code of the last one.
 * A line that does not parse fails the test: the ledger is ours.
 */
static unsigned int read_ledger(uint32_t *last_code)
{
	char line[256], name[200];
	unsigned int n = 0, code;
	FILE *f = fopen(OA_EXPECTED_VIOLATIONS_FILE, "r");

	if (!f) {
		igt_assert_f(errno == ENOENT, "cannot read %s: %s",
			     OA_EXPECTED_VIOLATIONS_FILE, strerror(errno));
		return 0;
	}
	while (fgets(line, sizeof(line), f)) {
		igt_assert_f(sscanf(line, "%199s %u", name, &code) == 2,
			     "%s: bad line '%s'", OA_EXPECTED_VIOLATIONS_FILE, line);
		igt_info("provoked on purpose: %s code %u\n", name, code);
		*last_code = code;
		n++;
	}
	fclose(f);
	return n;
}

static void test_prm_violations(void)
{
	char bdf[64];
	volatile uint32_t *page;
	uint32_t n, last, ledger_last = 0;
	unsigned int expected;

	igt_require_f(oa_find_pci(bdf, sizeof(bdf)), "no Intel PCI display device\n");
	page = oa_map_vgpu(bdf);
	igt_require_f(page, "no virtual-GPU control page on %s\n", bdf);
	n = page[VGPU_VIOLATIONS / 4];
	last = page[VGPU_LAST_VIOLATION / 4];
	igt_info("PRM violations counted by the device: %u (last code %#x); reports written %u, dropped %u, half-full irqs %u, MSIs %u\n",
		 n, last, page[VGPU_REPORTS_WRITTEN / 4], page[VGPU_REPORTS_DROPPED / 4],
		 page[VGPU_HALF_FULL_IRQS / 4], page[VGPU_MSIS_SENT / 4]);
	expected = read_ledger(&ledger_last);
	igt_assert_f(n >= expected,
		     "the device counted %u violation(s) but subtests provoked %u on purpose",
		     n, expected);
	igt_assert_f(n == expected,
		     "the driver broke a PRM programming rule %u time(s); last violation code %#x (see tools/qemu for the code list and the guest's dmesg/QEMU log for details)",
		     n - expected, last);
	if (expected)
		igt_assert_eq_u32(last, ledger_last);
}

igt_main
{
	igt_describe("The device's PRM-violation count is exactly the violations other subtests provoked on purpose.");
	igt_subtest("prm-violations")
		test_prm_violations();
}
