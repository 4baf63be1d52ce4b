// SPDX-License-Identifier: GPL-2.0
/*
 * Writing a metrics set to the hardware: the config writer every OA block
 * shares, the flex EU controls and the NOA network's power switch.
 */

#include <linux/delay.h>
#include <linux/kernel.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: metrics set programming
 *
 * A metrics set is three register lists (NOA mux, boolean counter, flex
 * EU) that every OA block writes the same way: intel_oa_program_config()
 * writes the flex controls the stream's unit owns, then the lists in
 * i915's order, and waits 500 us for the NOA network to settle (i915's
 * noa_wait). GT-local offsets land at the stream's GT. Undoing a set
 * switches the flex counters off (intel_oa_clear_flex()) and powers the
 * NOA network down (intel_oa_noa_disable()); the OA unit code in
 * intel_oa_unit.c (Gen8+) and intel_oa_gen7.c (Gen6/7) calls these.
 */

#define NOA_PROGRAMMING_DELAY_US	500

const u32 intel_oa_flex_regs[INTEL_OA_N_FLEX_REGS] = {
	EU_PERF_CNTL0, EU_PERF_CNTL1, EU_PERF_CNTL2, EU_PERF_CNTL3,
	EU_PERF_CNTL4, EU_PERF_CNTL5, EU_PERF_CNTL6,
};

/* The GT-local register range, which each GT has at its own offset. */
#define GT_LOCAL_END	0x40000

/*
 * Write a list of register/value pairs: a GT-local offset at the unit's
 * GT (@gt_offset), an absolute one as given.
 */
static void write_regs(struct intel_oa_device *oa, u32 gt_offset,
		       const struct intel_oa_reg *regs, u32 n)
{
	u32 i, addr;

	for (i = 0; i < n; i++) {
		addr = regs[i].addr;
		if (addr < GT_LOCAL_END)
			addr += gt_offset;
		intel_oa_write(oa, addr, regs[i].value);
	}
}

/* The value a config gives a flex register, 0 (counter off) if none. */
static u32 config_flex_value(const struct intel_oa_config *config, u32 addr)
{
	u32 i;

	for (i = 0; config && i < config->flex_regs_len; i++)
		if (config->flex_regs[i].addr == addr)
			return config->flex_regs[i].value;
	return 0;
}

/**
 * intel_oa_program_config - write a metrics set's registers
 * @oa: device
 * @config: the metrics set
 * @gt_offset: where the stream's GT is in BAR0 (0: the render GT)
 * @flex: the stream's unit owns the flex EU counters
 *
 * Shared by every OA block: where flex EU counters exist (Gen8+, which
 * have a flex whitelist) and belong to the stream's unit, each flex
 * control gets the config's value (or 0), then the NOA mux, boolean and
 * flex lists are written in i915's order and the NOA network is given
 * time to settle, like i915's noa_wait. A GT-local offset of the lists
 * (below 0x40000) is written at the stream's GT, as i915's and xe's
 * MI_LOAD_REGISTER_IMM on the stream's engine reaches it: an OAM metrics
 * set's RPM_CONFIG1 is the media GT's.
 */
void intel_oa_program_config(struct intel_oa_device *oa,
			     const struct intel_oa_config *config,
			     u32 gt_offset, bool flex)
{
	unsigned int i;

	if (oa->ops->flex_regs && flex)
		for (i = 0; i < ARRAY_SIZE(intel_oa_flex_regs); i++)
			intel_oa_write(oa, intel_oa_flex_regs[i],
				       config_flex_value(config,
							 intel_oa_flex_regs[i]));

	write_regs(oa, gt_offset, config->mux_regs, config->mux_regs_len);
	write_regs(oa, gt_offset, config->b_counter_regs,
		   config->b_counter_regs_len);
	write_regs(oa, gt_offset, config->flex_regs, config->flex_regs_len);

	usleep_range(NOA_PROGRAMMING_DELAY_US, 2 * NOA_PROGRAMMING_DELAY_US);
}

/**
 * intel_oa_clear_flex - switch every flex EU counter off
 * @oa: device
 */
void intel_oa_clear_flex(struct intel_oa_device *oa)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(intel_oa_flex_regs); i++)
		intel_oa_write(oa, intel_oa_flex_regs[i], 0);
}

/**
 * intel_oa_noa_disable - power the NOA network down
 * @oa: device
 */
void intel_oa_noa_disable(struct intel_oa_device *oa)
{
	intel_oa_rmw(oa, oa->gen->noa_enable, oa->gen->noa_enable_bit, 0);
}
