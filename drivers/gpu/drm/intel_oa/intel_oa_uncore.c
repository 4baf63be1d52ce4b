// SPDX-License-Identifier: GPL-2.0
/*
 * MMIO accessors and forcewake.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/iopoll.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: uncore
 *
 * All register access goes through intel_oa_read()/intel_oa_write() on
 * BAR0. Registers of the render power well (the OA unit, the fuses, the
 * timestamp) only respond while their domain is awake, so code touching
 * them holds a forcewake reference: the stream holds one for its whole
 * life (like i915, which also keeps RC6 off that way), and the short
 * ioctl paths, probe and the GuC messages take one around their accesses.
 *
 * Forcewake is reference counted under &intel_oa_uncore.lock. One
 * reference wakes every domain of the generation, as i915 holds
 * FORCEWAKE_ALL for a stream: render everywhere, from Gen9 on the GT
 * domain too (the OA unit, OAG, the NOA registers and the fuses are GT
 * there: i915's __gen9_fw_ranges and successors), and on Meteor Lake the
 * media GT's GT domain, which holds its OAM.
 * The first reference waits for the previous release of each domain to be
 * acknowledged, requests it and waits for its acknowledge bit. The request
 * is a masked write except on Sandy Bridge, whose FORCEWAKE register is
 * plain.
 *
 * Replicated (multicast) registers, Gen12.5: the platform's
 * &intel_oa_gen_desc.mcr_ranges list the ranges seed 002's steering table
 * marks replicated. A write there is made with MCR_SELECTOR's multicast
 * bit set, so every instance gets it; a read is steered to the first
 * instance the fuses say is present (a fused-off one reads 0). Either way
 * MCR_SELECTOR is restored afterwards, all under &intel_oa_uncore.mcr_lock
 * so no other access can run with a borrowed steering. MCR_SELECTOR
 * itself is never steered.
 */

/**
 * DOC: surprise removal
 *
 * A GPU can leave the bus without its driver being told first (a card
 * pulled, a link gone down, a Thunderbolt enclosure unplugged). Its BAR
 * then reads all-ones and writes go nowhere. intel_oa_read() checks every
 * all-ones value: when the device's configuration space does not answer
 * either (pci_device_is_present() is false) the device is gone, for good:
 * INTEL_OA_DEVICE_GONE is set and logged once. From then on no register is
 * touched (reads return all-ones, writes are dropped, waits and forcewake
 * fail with -ENODEV at once instead of timing out), the stream's hrtimer
 * stops, read() returns every report that had landed (the OA buffer is
 * system memory, and with nothing in flight any report with a non-zero
 * header after the exposed tail is complete) and then -EIO, poll() says
 * EPOLLIN | EPOLLHUP until such a read() and EPOLLERR | EPOLLHUP after it,
 * and stream ioctls, REG_READ and PERF_OPEN fail with -ENODEV. Closing the stream and
 * removing the PCI device work as usual; a device that comes back is a new
 * PCI device and probes afresh.
 */

static void intel_oa_check_gone(struct intel_oa_device *oa)
{
	if (intel_oa_device_gone(oa) || pci_device_is_present(oa->pdev))
		return;
	if (test_and_set_bit(INTEL_OA_DEVICE_GONE, &oa->flags))
		return;
	drm_err(&oa->drm,
		"the GPU at %s is gone (its registers and PCI configuration space read all-ones): OA streams have ended; remove the device (echo 1 > /sys/bus/pci/devices/%s/remove)\n",
		pci_name(oa->pdev), pci_name(oa->pdev));
}

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
 * @gen: generation: GGTT offset, forcewake domains, replicated ranges
 */
void intel_oa_uncore_init(struct intel_oa_uncore *uncore, void __iomem *bar0,
			  const struct intel_oa_gen_desc *gen)
{
	unsigned int i;

	uncore->regs = bar0;
	uncore->gsm = bar0 + gen->ggtt->gsm_offset;
	uncore->n_fw = 0;
	uncore->fw[uncore->n_fw++] = &gen->fw_render;
	if (gen->fw_gt.req)
		uncore->fw[uncore->n_fw++] = &gen->fw_gt;
	if (gen->fw_media.req)
		uncore->fw[uncore->n_fw++] = &gen->fw_media;
	spin_lock_init(&uncore->lock);
	uncore->fw_count = 0;

	uncore->mcr = gen->mcr_ranges;
	uncore->n_mcr = gen->n_mcr_ranges;
	spin_lock_init(&uncore->mcr_lock);
	/* Until the fuses are read, steer to instance 0/0. */
	for (i = 0; i < INTEL_OA_MCR_NUM_GROUPS; i++)
		uncore->mcr_steer[i] = 0;
}

/* The replicated range holding @reg, or NULL. */
static const struct intel_oa_mcr_range *
mcr_lookup(const struct intel_oa_uncore *uncore, u32 reg)
{
	unsigned int lo = 0, hi = uncore->n_mcr;

	if (reg == GEN8_MCR_SELECTOR)
		return NULL;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;
		const struct intel_oa_mcr_range *r = &uncore->mcr[mid];

		if (reg < r->start)
			hi = mid;
		else if (reg > r->end)
			lo = mid + 1;
		else
			return r;
	}
	return NULL;
}

/**
 * intel_oa_read - read a 32-bit register
 * @oa: device
 * @reg: offset into BAR0
 *
 * A replicated register is read from its first present instance. An
 * all-ones value makes it check whether the device is gone (see
 * "surprise removal").
 *
 * Return: the register value (all-ones once the device is gone).
 */
u32 intel_oa_read(struct intel_oa_device *oa, u32 reg)
{
	struct intel_oa_uncore *uncore = &oa->uncore;
	const struct intel_oa_mcr_range *r = mcr_lookup(uncore, reg);
	unsigned long flags;
	u32 old, val;

	if (unlikely(intel_oa_device_gone(oa)))
		return U32_MAX;

	if (!r) {
		val = readl(uncore->regs + reg);
	} else {
		spin_lock_irqsave(&uncore->mcr_lock, flags);
		old = readl(uncore->regs + GEN8_MCR_SELECTOR);
		writel(uncore->mcr_steer[r->group],
		       uncore->regs + GEN8_MCR_SELECTOR);
		val = readl(uncore->regs + reg);
		writel(old, uncore->regs + GEN8_MCR_SELECTOR);
		spin_unlock_irqrestore(&uncore->mcr_lock, flags);
	}

	if (unlikely(val == U32_MAX))
		intel_oa_check_gone(oa);
	return val;
}

/**
 * intel_oa_write - write a 32-bit register
 * @oa: device
 * @reg: offset into BAR0
 * @val: value
 *
 * A replicated register is written to every instance (multicast). Nothing
 * is written once the device is gone.
 */
void intel_oa_write(struct intel_oa_device *oa, u32 reg, u32 val)
{
	struct intel_oa_uncore *uncore = &oa->uncore;
	unsigned long flags;
	u32 old;

	if (unlikely(intel_oa_device_gone(oa)))
		return;

	if (!mcr_lookup(uncore, reg)) {
		writel(val, uncore->regs + reg);
		return;
	}

	spin_lock_irqsave(&uncore->mcr_lock, flags);
	old = readl(uncore->regs + GEN8_MCR_SELECTOR);
	writel(old | GEN11_MCR_MULTICAST, uncore->regs + GEN8_MCR_SELECTOR);
	writel(val, uncore->regs + reg);
	writel(old, uncore->regs + GEN8_MCR_SELECTOR);
	spin_unlock_irqrestore(&uncore->mcr_lock, flags);
}

/**
 * intel_oa_mcr_steer - MCR_SELECTOR value of an instance
 * @slice: sliceid field
 * @subslice: subsliceid field
 *
 * Return: the unicast selector reaching (@slice, @subslice).
 */
static u32 intel_oa_mcr_steer(u32 slice, u32 subslice)
{
	return FIELD_PREP(GEN11_MCR_SLICE_MASK, slice) |
	       FIELD_PREP(GEN11_MCR_SUBSLICE_MASK, subslice);
}

/**
 * intel_oa_uncore_mcr_init - steer reads to present instances
 * @oa: device whose topology (DSS and MSLICE masks) was read
 *
 * Instances as seed 002's "Steering" describes them: DSS d is (d / 4,
 * d % 4) and GSLICE s is present with any of its four DSS; MSLICE q is
 * sliceid q; LNCF and L3BANK sliceids 2q and 2q + 1 belong to MSLICE q
 * (two LNCFs, eight L3 banks per quadrant); SQIDI instances 2 and 3 exist
 * on every DG2 topology (DG2-128 has only those two).
 */
void intel_oa_uncore_mcr_init(struct intel_oa_device *oa)
{
	struct intel_oa_uncore *uncore = &oa->uncore;
	const struct intel_oa_topology *t = &oa->topo;
	u32 dss = t->subslice_mask[0];
	u32 dss0 = dss ? __ffs(dss) : 0;
	u32 ms0 = t->mslice_mask ? __ffs(t->mslice_mask) : 0;

	if (!uncore->n_mcr)
		return;

	uncore->mcr_steer[INTEL_OA_MCR_DSS] = intel_oa_mcr_steer(dss0 / 4,
								 dss0 % 4);
	uncore->mcr_steer[INTEL_OA_MCR_GSLICE] = intel_oa_mcr_steer(dss0 / 4, 0);
	uncore->mcr_steer[INTEL_OA_MCR_MSLICE] = intel_oa_mcr_steer(ms0, 0);
	uncore->mcr_steer[INTEL_OA_MCR_LNCF] = intel_oa_mcr_steer(2 * ms0, 0);
	uncore->mcr_steer[INTEL_OA_MCR_L3BANK] = intel_oa_mcr_steer(2 * ms0, 0);
	uncore->mcr_steer[INTEL_OA_MCR_SQIDI] = intel_oa_mcr_steer(0, 2);
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

/* The condition every wait below polls for. */
#define reg_matches(val, mask, value, oa) \
	(((val) & (mask)) == (value) || intel_oa_device_gone(oa))

/*
 * Busy-wait: for the forcewake ack, whose callers may hold spinlocks or
 * run in interrupt context (i915 waits for it the same way).
 */
static int wait_for_register_atomic(struct intel_oa_device *oa, u32 reg,
				    u32 mask, u32 value, unsigned int timeout_us)
{
	u32 val;
	int ret;

	/* Through intel_oa_read() so replicated registers are steered. */
	ret = read_poll_timeout_atomic(intel_oa_read, val,
				       reg_matches(val, mask, value, oa), 2,
				       timeout_us, false, oa, reg);
	return intel_oa_device_gone(oa) ? -ENODEV : ret;
}

/* Spin this long before sleeping: most waits end within it. */
#define WAIT_FOR_REGISTER_SPIN_US	10
/* Then sleep about this long between reads. */
#define WAIT_FOR_REGISTER_SLEEP_US	50

/**
 * intel_oa_wait_for_register - poll until (reg & mask) == value, sleeping
 * @oa: device
 * @reg: register offset
 * @mask: bits to compare
 * @value: expected value of the masked bits
 * @timeout_ms: how long to wait
 *
 * Spins for up to 10 us, then sleeps between reads, as i915's
 * __intel_wait_for_register() does, so a unit that takes its time to
 * stop (up to 100 ms) does not hold a CPU. Process context only.
 *
 * Return: 0, -ETIMEDOUT, or -ENODEV if the device is gone.
 */
int intel_oa_wait_for_register(struct intel_oa_device *oa, u32 reg, u32 mask,
			       u32 value, unsigned int timeout_ms)
{
	u32 val;
	int ret;

	might_sleep();
	ret = wait_for_register_atomic(oa, reg, mask, value,
				       WAIT_FOR_REGISTER_SPIN_US);
	if (ret != -ETIMEDOUT)
		return ret;
	ret = read_poll_timeout(intel_oa_read, val,
				reg_matches(val, mask, value, oa),
				WAIT_FOR_REGISTER_SLEEP_US,
				timeout_ms * USEC_PER_MSEC, false, oa, reg);
	return intel_oa_device_gone(oa) ? -ENODEV : ret;
}

static int fw_wait_ack(struct intel_oa_device *oa,
		       const struct intel_oa_fw_domain *fw, bool set)
{
	return wait_for_register_atomic(oa, fw->ack, fw->bit,
					set ? fw->bit : 0,
					FORCEWAKE_ACK_TIMEOUT_US);
}

static void fw_release(struct intel_oa_device *oa, unsigned int n)
{
	while (n--) {
		const struct intel_oa_fw_domain *fw = oa->uncore.fw[n];

		intel_oa_write(oa, fw->req, fw_request(fw, false));
	}
}

/**
 * intel_oa_forcewake_get - wake the domains and keep them awake
 * @oa: device
 *
 * May be called from any context.
 *
 * Return: 0, -ETIMEDOUT if the hardware never acknowledged, or -ENODEV if
 * the device is gone.
 */
int intel_oa_forcewake_get(struct intel_oa_device *oa)
{
	struct intel_oa_uncore *uncore = &oa->uncore;
	unsigned long flags;
	unsigned int i;
	int ret = 0;

	if (intel_oa_device_gone(oa))
		return -ENODEV;

	spin_lock_irqsave(&uncore->lock, flags);
	if (uncore->fw_count++)
		goto out;

	for (i = 0; i < uncore->n_fw; i++) {
		const struct intel_oa_fw_domain *fw = uncore->fw[i];

		if (fw_wait_ack(oa, fw, false))
			drm_dbg(&oa->drm,
				"forcewake: previous release of 0x%x not acked\n",
				fw->req);

		intel_oa_write(oa, fw->req, fw_request(fw, true));
		ret = fw_wait_ack(oa, fw, true);
		if (ret == -ENODEV) {
			uncore->fw_count--;
			break;
		}
		if (ret) {
			fw_release(oa, i + 1);
			uncore->fw_count--;
			drm_err_ratelimited(&oa->drm,
					    "forcewake not acknowledged (ack reg 0x%x); the GPU is not responding, reload the driver or reset the machine\n",
					    fw->ack);
			break;
		}
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
		fw_release(oa, uncore->n_fw);
out:
	spin_unlock_irqrestore(&uncore->lock, flags);
}
