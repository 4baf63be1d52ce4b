// SPDX-License-Identifier: GPL-2.0
/*
 * The GuC's MMIO mailbox (Gen12.5): one host-to-GuC request at a time
 * through SOFT_SCRATCH and GUC_SEND_INTERRUPT.
 */

#include <linux/bitfield.h>
#include <linux/iopoll.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_guc_regs.h"
#include "intel_oa_trace.h"

/**
 * DOC: GuC MMIO mailbox
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
 */

#define GUC_H2G_TIMEOUT_MS	50
/* After a BUSY reply (xe_guc_mmio_send_recv()'s second wait). */
#define GUC_H2G_BUSY_TIMEOUT_MS	1000

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
