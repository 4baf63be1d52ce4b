// SPDX-License-Identifier: GPL-2.0
/*
 * The GuC's MMIO message interface (Gen12.5): bring-up, host-to-GuC
 * requests and GuC-to-host events.
 */

#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/iopoll.h>

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
 * Host to GuC over MMIO: intel_oa_guc_send() writes the request's DW1..3 to
 * SOFT_SCRATCH(1..3), DW0 to SOFT_SCRATCH(0) and triggers
 * GUC_SEND_INTERRUPT, then polls SOFT_SCRATCH(0) for a header of GuC
 * origin for up to 50 ms. &intel_oa_guc.send_lock keeps one request in
 * flight (the mailbox holds one; a second trigger would be dropped), and
 * GT forcewake is held throughout. No answer is -ETIMEDOUT (a rate-limited
 * drm_err naming the action, the intel_oa_guc_timeout event); a failure
 * response is -EIO with its error code logged.
 *
 * Late replies. A GuC that needs longer answers NO_RESPONSE_BUSY first
 * and the final reply later; like Linux's xe_guc_mmio_send_recv() the
 * driver then waits up to 1 s more for a header that is not BUSY. If none
 * comes the request is -ETIMEDOUT and the GuC still owes its reply
 * (&intel_oa_guc.reply_owed): the next request first looks at
 * SOFT_SCRATCH(0). Still BUSY, the GuC is still working on the old request
 * and would drop a new trigger, so the new request fails with -EBUSY
 * without being sent; a final reply there is the late one, discarded and
 * counted (debugfs h2g_stale), and the new request goes out. A late reply
 * is thus never taken for a later request's. A request with no answer at
 * all (not even BUSY) is taken as lost: the GuC did not accept it.
 *
 * The MMIO mailbox carries the CT set-up requests, the only requests the
 * driver sends (see "GuC CT buffers").
 *
 * GuC to host: messages arrive in the G2H CT buffer with vector bit
 * GUC2HOST; the hard handler hands the vector to the interrupt thread,
 * which consumes the ring. The driver sends no request over it and
 * handles no GuC event, so each message is traced and counted
 * (debugfs g2h_received, g2h_unknown).
 */

#define GUC_READY_TIMEOUT_MS	10
#define GUC_H2G_TIMEOUT_MS	50
/* After a BUSY reply (xe_guc_mmio_send_recv()'s second wait). */
#define GUC_H2G_BUSY_TIMEOUT_MS	1000
#define GUC_INTERFACE_VERSION	1

/**
 * intel_oa_guc_action_name - name of an H2G action, for log lines
 * @action: INTEL_GUC_ACTION_*
 *
 * Return: a static string, "unknown" for an action the driver never sends.
 */
const char *intel_oa_guc_action_name(u32 action)
{
	switch (action) {
	case INTEL_GUC_ACTION_SELF_CFG:
		return "SELF_CFG";
	case INTEL_GUC_ACTION_CONTROL_CTB:
		return "CONTROL_CTB";
	default:
		return "unknown";
	}
}

/* A NO_RESPONSE_BUSY header: the GuC works on the request. */
static bool guc_hxg_busy(u32 hdr)
{
	return (hdr & GUC_HXG_MSG_0_ORIGIN) &&
	       FIELD_GET(GUC_HXG_MSG_0_TYPE, hdr) == GUC_HXG_TYPE_NO_RESPONSE_BUSY;
}

/**
 * intel_oa_guc_send - send one request over the MMIO mailbox and wait
 * @oa: device
 * @action: INTEL_GUC_ACTION_*
 * @dw: request DW1..3
 * @data0: out (may be NULL): data0 of a success response
 *
 * Return: 0, -ENODEV (no GuC), -ETIMEDOUT (no answer in 50 ms, or no
 * final one 1 s after BUSY), -EBUSY (the GuC still owes the reply of a
 * request that timed out: not sent), -EIO (a failure response or a
 * malformed one) or a forcewake error.
 */
int intel_oa_guc_send(struct intel_oa_device *oa, u32 action,
		      const u32 dw[3], u32 *data0)
{
	struct intel_oa_guc *guc = &oa->guc;
	u32 hdr;
	unsigned int i;
	int ret;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;

	mutex_lock(&guc->send_lock);
	if (guc->reply_owed) {
		hdr = intel_oa_read(oa, SOFT_SCRATCH(0));
		if (guc_hxg_busy(hdr)) {
			ret = -EBUSY;
			goto out;
		}
		/* The late reply of a request that timed out: not ours. */
		guc->reply_owed = false;
		atomic64_inc(&guc->stats.h2g_stale);
		drm_dbg(&oa->drm, "GuC: discarded a late reply 0x%08x\n", hdr);
	}
	for (i = 0; i < 3; i++)
		intel_oa_write(oa, SOFT_SCRATCH(1 + i), dw[i]);
	intel_oa_write(oa, SOFT_SCRATCH(0),
		       FIELD_PREP(GUC_HXG_MSG_0_ORIGIN, GUC_HXG_ORIGIN_HOST) |
		       FIELD_PREP(GUC_HXG_MSG_0_TYPE, GUC_HXG_TYPE_REQUEST) |
		       FIELD_PREP(GUC_HXG_REQUEST_MSG_0_ACTION, action));
	intel_oa_write(oa, GUC_SEND_INTERRUPT, GUC_SEND_TRIGGER);
	atomic64_inc(&guc->stats.h2g_sent);

	/* The GuC answers in SOFT_SCRATCH(0) with its origin bit set. */
	ret = read_poll_timeout(intel_oa_read, hdr,
				hdr & GUC_HXG_MSG_0_ORIGIN, 10,
				GUC_H2G_TIMEOUT_MS * USEC_PER_MSEC, false,
				oa, SOFT_SCRATCH(0));
	if (!ret && guc_hxg_busy(hdr)) {
		atomic64_inc(&guc->stats.h2g_busy);
		ret = read_poll_timeout(intel_oa_read, hdr, !guc_hxg_busy(hdr),
					USEC_PER_MSEC,
					GUC_H2G_BUSY_TIMEOUT_MS * USEC_PER_MSEC,
					false, oa, SOFT_SCRATCH(0));
		if (ret) {
			guc->reply_owed = true;
			atomic64_inc(&guc->stats.h2g_timeouts);
			trace_intel_oa_guc_timeout(action);
			drm_err_ratelimited(&oa->drm,
					    "GuC still busy with %s (action 0x%04x) after %d ms; its late reply will be discarded\n",
					    intel_oa_guc_action_name(action), action,
					    GUC_H2G_BUSY_TIMEOUT_MS);
			goto out;
		}
	}
	if (ret) {
		atomic64_inc(&guc->stats.h2g_timeouts);
		trace_intel_oa_guc_timeout(action);
		drm_err_ratelimited(&oa->drm,
				    "GuC did not answer %s (action 0x%04x) within %d ms\n",
				    intel_oa_guc_action_name(action), action, GUC_H2G_TIMEOUT_MS);
		goto out;
	}
	switch (FIELD_GET(GUC_HXG_MSG_0_TYPE, hdr)) {
	case GUC_HXG_TYPE_RESPONSE_SUCCESS:
		if (data0)
			*data0 = FIELD_GET(GUC_HXG_RESPONSE_MSG_0_DATA0, hdr);
		break;
	case GUC_HXG_TYPE_RESPONSE_FAILURE:
		drm_dbg(&oa->drm,
			"GuC refused %s (action 0x%04x): error 0x%x hint 0x%x\n",
			intel_oa_guc_action_name(action), action,
			FIELD_GET(GUC_HXG_FAILURE_MSG_0_ERROR, hdr),
			FIELD_GET(GUC_HXG_FAILURE_MSG_0_HINT, hdr));
		ret = -EIO;
		break;
	default:
		drm_err_ratelimited(&oa->drm,
				    "GuC answered %s with an unexpected header 0x%08x\n",
				    intel_oa_guc_action_name(action), hdr);
		ret = -EIO;
		break;
	}
out:
	trace_intel_oa_guc_h2g(action, dw, ret);
	mutex_unlock(&guc->send_lock);
	intel_oa_forcewake_put(oa);
	return ret;
}

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
