// SPDX-License-Identifier: GPL-2.0
/*
 * The GuC's MMIO message interface (Gen12.5): bring-up, host-to-GuC
 * requests and GuC-to-host events.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "intel_oa_guc_regs.h"
#include "intel_oa_trace.h"

/**
 * DOC: GuC
 *
 * On Gen12.5 the GuC sits between the OA unit and the host: it receives
 * engine interrupts unless told to forward them. intel_oa loads its
 * firmware (see "GuC firmware") and uses its interface only on platforms
 * whose ops have a &intel_oa_hw_ops.guc_init hook.
 *
 * Bring-up (probe, after the interrupt is installed): load the firmware,
 * check GUC_STATUS reports the uKernel ready, forward the OA half-full
 * interrupt to the host (clear GUC_WD_VECS_IER bit 28), enable and
 * unmask the GuC vector bit GUC2HOST, then set up the CT buffers (the
 * first requests the GuC answers). A failure is logged once and leaves
 * &intel_oa_guc.ready false: streams work, the OA interrupt still reaches
 * the host unless the GuC kept it. Probe fails only when another
 * driver's GuC is already running. Only interfaces of public i915/xe
 * sources are used: no doorbell, and no action the GuC firmware lacks.
 *
 * Host to GuC requests go over the MMIO mailbox (see "GuC MMIO
 * mailbox", intel_oa_guc_mmio.c): the CT set-up requests, the only
 * requests the driver sends (see "GuC CT buffers").
 *
 * GuC to host: messages arrive in the G2H CT buffer with vector bit
 * GUC2HOST; the hard handler hands the vector to the interrupt thread,
 * which consumes the ring. The driver sends no request over it and
 * handles no GuC event, so each message is traced and counted
 * (debugfs g2h_received, g2h_unknown).
 */

#define GUC_READY_TIMEOUT_MS	10
#define GUC_INTERFACE_VERSION	1

/* No request goes over the CT buffer and no GuC event is handled. */
static void guc_dispatch(struct intel_oa_device *oa, u16 fence,
			 const u32 msg[4])
{
	struct intel_oa_guc *guc = &oa->guc;

	atomic64_inc(&guc->stats.g2h_received);
	trace_intel_oa_guc_g2h(FIELD_GET(GUC_HXG_REQUEST_MSG_0_ACTION, msg[0]),
			       &msg[1]);
	atomic64_inc(&guc->stats.g2h_unknown);
	drm_dbg(&oa->drm, "GuC message 0x%08x (fence %u): nothing waits for it\n",
		msg[0], fence);
}

/**
 * intel_oa_guc_irq_thread - serve GuC vector bits in the interrupt thread
 * @oa: device
 * @iir: GUC_INTR_* bits the hard handler collected
 */
void intel_oa_guc_irq_thread(struct intel_oa_device *oa, u32 iir)
{
	/* G2H messages wait in the CT buffer, in memory. */
	if (iir & GUC_INTR_GUC2HOST)
		intel_oa_guc_ct_receive(oa, guc_dispatch);
}

/**
 * intel_oa_guc_init - set up GuC state and run the platform's bring-up
 * @oa: device with its interrupt installed
 *
 * A GuC that fails to come up leaves &intel_oa_guc.ready false and probe
 * goes on: streams and the sample ioctl work without it.
 *
 * Return: 0, or -ENODEV when probe must fail: another driver's GuC is
 * running, or the device is gone.
 */
int intel_oa_guc_init(struct intel_oa_device *oa)
{
	struct intel_oa_guc *guc = &oa->guc;
	int ret;

	ret = drmm_mutex_init(&oa->drm, &guc->send_lock);
	if (ret || !oa->ops->guc_init)
		return 0;

	ret = oa->ops->guc_init(oa);
	if (ret == -ENODEV)
		return ret;
	if (ret) {
		drm_notice(&oa->drm,
			   "GuC not available (%d): OA streams work\n",
			   ret);
		return 0;
	}
	guc->ready = true;
	return 0;
}

static void guc_fw_reset_action(void *data)
{
	intel_oa_guc_fw_reset(data);
}

/**
 * intel_oa_xehp_guc_init - Gen12.5 GuC bring-up (Documentation/dg2.rst)
 * @oa: device
 *
 * Return: 0 or a negative errno; the caller logs it.
 */
int intel_oa_xehp_guc_init(struct intel_oa_device *oa)
{
	int ret;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;

	ret = intel_oa_guc_fw_load(oa);
	if (ret)
		goto out;
	/* Unbind puts the GuC back in reset for whoever probes next. */
	ret = devm_add_action_or_reset(&oa->pdev->dev, guc_fw_reset_action,
				       oa);
	if (ret)
		goto out;

	ret = intel_oa_wait_for_register(oa, GUC_STATUS, GS_UKERNEL_MASK,
					 FIELD_PREP(GS_UKERNEL_MASK,
						    GS_UKERNEL_READY),
					 GUC_READY_TIMEOUT_MS);
	if (ret) {
		drm_dbg(&oa->drm, "GUC_STATUS 0x%08x: uKernel not ready\n",
			intel_oa_read(oa, GUC_STATUS));
		goto out;
	}

	/* Forward the OA half-full interrupt to the host, not the GuC. */
	intel_oa_rmw(oa, GUC_WD_VECS_IER, GUC_WD_OA_HALF_FULL, 0);
	intel_oa_gen11_guc_irq_enable(oa, GUC_INTR_GUC2HOST);

	/* Its first requests: real firmware has no ping to send before. */
	ret = intel_oa_guc_ct_enable(oa);
out:
	intel_oa_forcewake_put(oa);
	return ret;
}
