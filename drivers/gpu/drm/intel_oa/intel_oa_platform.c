// SPDX-License-Identifier: GPL-2.0
/*
 * Platform table: PCI id -> platform -> generation descriptor -> ops.
 */

#include <linux/module.h>
#include <linux/pci.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: platform table
 *
 * Platform differences are data. A PCI id row points at a
 * &struct intel_oa_platform (topology limits, crystal clock), which points
 * at a &struct intel_oa_gen_desc (report formats, forcewake registers,
 * RPT_ID layout, quirks) and its const &struct intel_oa_hw_ops. Probe picks
 * the row once; nothing after probe tests the generation.
 *
 * Adding a platform of an existing generation is a new platform row and
 * PCI ids. Adding a generation is a new formats table, gen descriptor and,
 * where the OA unit differs (Gen7 OACONTROL at 0x2360, Gen12 OAG), a new
 * ops table.
 */

/* Gen8..Gen11 OA report formats: counter select and size. */
static const struct intel_oa_format gen8_formats[I915_OA_FORMAT_MAX] = {
	[I915_OA_FORMAT_A12]			= { 0, 64 },
	[I915_OA_FORMAT_A12_B8_C8]		= { 2, 128 },
	[I915_OA_FORMAT_A32u40_A4u32_B8_C8]	= { 5, 256 },
	[I915_OA_FORMAT_C4_B8]			= { 7, 64 },
};

static const struct intel_oa_gen_desc gen9_desc = {
	.graphics_ver = 9,
	.ops = &intel_oa_gen9_ops,
	.formats = gen8_formats,
	.fw_render = {
		.req = FORCEWAKE_RENDER_GEN9,
		.ack = FORCEWAKE_ACK_RENDER_GEN9,
		.bit = FORCEWAKE_KERNEL,
	},
	.valid_ctx_bit = BIT(16),
	.report_reason_mask = OAREPORT_REASON_MASK,
	.quirks = INTEL_OA_QUIRK_CLK_RATIO_REPORTS,
	.rp_cap_mhz = 50,
	.cagf_mask = GEN9_CAGF_MASK,
	.cagf_mhz_num = 50,
	.cagf_mhz_den = 3,
};

static const struct intel_oa_platform skl_gt2 = {
	.name = "skylake-gt2",
	.gen = &gen9_desc,
	.gt = 2,
	.max_slices = 3,
	.max_subslices = 4,
	.max_eus_per_subslice = 8,
	.crystal_hz = 24000000,
};

const struct pci_device_id intel_oa_pci_ids[] = {
	{ PCI_VDEVICE(INTEL, 0x1912), (kernel_ulong_t)&skl_gt2 },
	{ }
};
MODULE_DEVICE_TABLE(pci, intel_oa_pci_ids);
