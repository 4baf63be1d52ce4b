// SPDX-License-Identifier: GPL-2.0
/*
 * MMIO accessors and forcewake.
 */

#include <linux/delay.h>
#include <linux/io.h>
#include <linux/iopoll.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: uncore
 *
 * All register access goes through intel_oa_read()/intel_oa_write() on the
 * MMIO half of BAR0. Registers of the render power well (the OA unit, the
 * fuses, the timestamp) only respond while the render domain is awake, so
 * code touching them holds a forcewake reference: the stream holds one for
 * its whole life (like i915, which also keeps RC6 off that way), and the
 * short ioctl paths take one around their reads.
 *
 * Forcewake is reference counted under &intel_oa_uncore.lock. The first
 * reference waits for the previous release to be acknowledged, requests
 * the domain and waits for the acknowledge bit. The request is a masked
 * write except on Sandy Bridge, whose FORCEWAKE register is plain.
 */

static u32 fw_request(const struct intel_oa_fw_domain *fw, bool wake)
{
	if (fw->unmasked)
		return wake ? fw->bit : 0;
	return wake ? masked_bit_enable(fw->bit) : masked_bit_disable(fw->bit);
}

#define FORCEWAKE_ACK_TIMEOUT_US	50000

/**
 * intel_oa_uncore_init - set up MMIO access
 * @uncore: uncore to initialise
 * @bar0: mapping of BAR0 (MMIO, then the GGTT PTEs)
 * @gsm_offset: offset of the GGTT PTEs in BAR0 (8 MiB Gen8+, 2 MiB Gen6/7)
 * @fw: render forcewake domain of the generation
 */
void intel_oa_uncore_init(struct intel_oa_uncore *uncore, void __iomem *bar0,
			  u32 gsm_offset, const struct intel_oa_fw_domain *fw)
{
	uncore->regs = bar0;
	uncore->gsm = bar0 + gsm_offset;
	uncore->fw = fw;
	spin_lock_init(&uncore->lock);
	uncore->fw_count = 0;
}

/**
 * intel_oa_read - read a 32-bit register
 * @oa: device
 * @reg: offset into BAR0
 *
 * Return: the register value.
 */
u32 intel_oa_read(struct intel_oa_device *oa, u32 reg)
{
	return readl(oa->uncore.regs + reg);
}

/**
 * intel_oa_write - write a 32-bit register
 * @oa: device
 * @reg: offset into BAR0
 * @val: value
 */
void intel_oa_write(struct intel_oa_device *oa, u32 reg, u32 val)
{
	writel(val, oa->uncore.regs + reg);
}

/**
 * intel_oa_rmw - read-modify-write a register
 * @oa: device
 * @reg: offset into BAR0
 * @clear: bits to clear
 * @set: bits to set
 */
void intel_oa_rmw(struct intel_oa_device *oa, u32 reg, u32 clear, u32 set)
{
	u32 old = intel_oa_read(oa, reg);

	intel_oa_write(oa, reg, (old & ~clear) | set);
}

/**
 * intel_oa_read64_2x32 - read a 64-bit register split in two dwords
 * @oa: device
 * @lower: offset of the low dword
 * @upper: offset of the high dword
 *
 * Reads upper, lower, upper and retries until the upper dword is stable,
 * so a carry between the two reads cannot produce a torn value.
 *
 * Return: the 64-bit value.
 */
u64 intel_oa_read64_2x32(struct intel_oa_device *oa, u32 lower, u32 upper)
{
	u32 hi, lo, old_hi;
	int loop = 0;

	hi = intel_oa_read(oa, upper);
	do {
		old_hi = hi;
		lo = intel_oa_read(oa, lower);
		hi = intel_oa_read(oa, upper);
	} while (hi != old_hi && loop++ < 2);

	return (u64)hi << 32 | lo;
}

/**
 * intel_oa_wait_for_register - poll until (reg & mask) == value
 * @oa: device
 * @reg: register offset
 * @mask: bits to compare
 * @value: expected value of the masked bits
 * @timeout_ms: how long to wait
 *
 * Return: 0 or -ETIMEDOUT.
 */
int intel_oa_wait_for_register(struct intel_oa_device *oa, u32 reg, u32 mask,
			       u32 value, unsigned int timeout_ms)
{
	u32 val;

	return readl_poll_timeout_atomic(oa->uncore.regs + reg, val,
					 (val & mask) == value, 2,
					 timeout_ms * USEC_PER_MSEC);
}

static int fw_wait_ack(struct intel_oa_device *oa, bool set)
{
	const struct intel_oa_fw_domain *fw = oa->uncore.fw;

	return intel_oa_wait_for_register(oa, fw->ack, fw->bit,
					  set ? fw->bit : 0,
					  FORCEWAKE_ACK_TIMEOUT_US /
					  USEC_PER_MSEC);
}

/**
 * intel_oa_forcewake_get - wake the render domain and keep it awake
 * @oa: device
 *
 * May be called from any context.
 *
 * Return: 0, or -ETIMEDOUT if the hardware never acknowledged.
 */
int intel_oa_forcewake_get(struct intel_oa_device *oa)
{
	struct intel_oa_uncore *uncore = &oa->uncore;
	const struct intel_oa_fw_domain *fw = uncore->fw;
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&uncore->lock, flags);
	if (uncore->fw_count++)
		goto out;

	if (fw_wait_ack(oa, false))
		drm_dbg(&oa->drm, "forcewake: previous release not acked\n");

	intel_oa_write(oa, fw->req, fw_request(fw, true));
	ret = fw_wait_ack(oa, true);
	if (ret) {
		intel_oa_write(oa, fw->req, fw_request(fw, false));
		uncore->fw_count--;
		drm_err(&oa->drm,
			"render forcewake not acknowledged (ack reg 0x%x); the GPU is not responding, reload the driver or reset the machine\n",
			fw->ack);
	}
out:
	spin_unlock_irqrestore(&uncore->lock, flags);
	return ret;
}

/**
 * intel_oa_forcewake_put - drop a reference taken by intel_oa_forcewake_get()
 * @oa: device
 */
void intel_oa_forcewake_put(struct intel_oa_device *oa)
{
	struct intel_oa_uncore *uncore = &oa->uncore;
	unsigned long flags;

	spin_lock_irqsave(&uncore->lock, flags);
	if (drm_WARN_ON(&oa->drm, !uncore->fw_count))
		goto out;
	if (!--uncore->fw_count)
		intel_oa_write(oa, uncore->fw->req,
			       fw_request(uncore->fw, false));
out:
	spin_unlock_irqrestore(&uncore->lock, flags);
}
