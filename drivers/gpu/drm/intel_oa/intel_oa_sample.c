// SPDX-License-Identifier: GPL-2.0
/*
 * On-demand OA samples (INTEL_OA_PERF_IOCTL_SAMPLE) through the OA unit's
 * MMIO trigger, and the wait for the triggered report.
 */

#include <linux/build_bug.h>
#include <linux/delay.h>
#include <linux/uaccess.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_trace.h"

/**
 * DOC: on-demand samples
 *
 * INTEL_OA_PERF_IOCTL_SAMPLE writes a cookie to OAG_MMIOTRIGGER (0xdb1c,
 * xe ``regs/xe_oa_regs.h``; &intel_oa_unit_regs.mmio_trigger, Gen12.5).
 * The OA unit writes one report at once, with report reason bit 6 "MMIO
 * Trigger" (RPT_ID bit 25, seed 002 "Description of RPT_ID") and the
 * written value in its CTX_ID field: Intel's metrics-library triggers its
 * XeHP+ query reports by writing a query id there and finds them by that
 * CTX_ID (``traits/query/ml_query_hw_counters.h``, TriggerQueryReport()
 * and ValidateQueryId()). No GuC takes part.
 *
 * The ioctl runs under the stream lock: it takes the next cookie (a
 * per-device counter skipping 0), tells the drain to note the report with
 * the MMIO-trigger reason and that CTX_ID (&intel_oa_stream.watch_cookie),
 * writes the trigger, and drains until the drain has moved that report
 * or 50 ms pass (-ETIMEDOUT). The report is then in the part read()
 * returns, so a non-blocking read() right after returns it, and readers
 * are woken whatever their WAIT_NUM_REPORTS.
 *
 * The fence. The drain takes a report only once a later report's header
 * landed (see "draining"): nothing else proves that all of its bytes did.
 * So the ioctl writes the trigger twice, the second time with the next
 * cookie, which is never returned as a marker. That second report is an
 * ordinary MMIO-triggered report of the stream; it is read once a later
 * report lands, like any other.
 */

#define OA_SAMPLE_TIMEOUT_MS	50

/**
 * intel_oa_sample_cookie - the next on-demand sample cookie
 * @oa: device
 *
 * Return: a value never 0; it wraps after 2^32 - 1 samples.
 */
u32 intel_oa_sample_cookie(struct intel_oa_device *oa)
{
	u32 cookie;

	do {
		cookie = (u32)atomic_inc_return(&oa->sample_cookie);
	} while (!cookie);
	return cookie;
}

/**
 * intel_oa_sample_watch - have the drain note the report carrying a cookie
 * @stream: stream
 * @cookie: CTX_ID of an MMIO-triggered report to note; 0 stops watching
 */
void intel_oa_sample_watch(struct intel_oa_stream *stream, u32 cookie)
{
	mutex_lock(&stream->drain_lock);
	stream->watch_cookie = cookie;
	stream->watch_found = false;
	mutex_unlock(&stream->drain_lock);
}

/**
 * intel_oa_sample_wait - drain until the watched report has been moved
 * @stream: stream with a cookie watched
 * @offset: OA buffer offset the report must be at, or U32_MAX for any
 * @timestamp: out: its TIME_STAMP
 *
 * The trigger may have fired while the tail pointer and the report bytes
 * are still in flight, and a drain may already have moved it: drain,
 * bounded, until the drain has seen it.
 *
 * Return: 0 or -ETIMEDOUT (50 ms).
 */
int intel_oa_sample_wait(struct intel_oa_stream *stream, u32 offset,
			 u64 *timestamp)
{
	unsigned long deadline = jiffies +
				 msecs_to_jiffies(OA_SAMPLE_TIMEOUT_MS);
	bool found;

	for (;;) {
		intel_oa_drain(stream, INTEL_OA_DRAIN_SAMPLE);
		mutex_lock(&stream->drain_lock);
		found = stream->watch_found &&
			(offset == U32_MAX || stream->watch_offset == offset);
		*timestamp = stream->watch_ts;
		mutex_unlock(&stream->drain_lock);
		if (found)
			break;
		if (time_after(jiffies, deadline))
			return -ETIMEDOUT;
		usleep_range(20, 100);
	}
	/* Readers learn of it now, whatever their WAIT_NUM_REPORTS. */
	WRITE_ONCE(stream->pollin, true);
	intel_oa_stream_wake(stream);
	return 0;
}

/**
 * intel_oa_stream_sample_locked - INTEL_OA_PERF_IOCTL_SAMPLE
 * @stream: stream; caller holds @stream->lock inside drm_dev_enter()
 * @uarg: userspace struct intel_oa_perf_sample
 *
 * Return: 0, -EFAULT, -EINVAL (flags), -ENODEV (no MMIO trigger on this
 * platform), -EIO (stream disabled), -ETIMEDOUT (the report did not
 * arrive in 50 ms; the stream stays usable), or a forcewake error.
 */
int intel_oa_stream_sample_locked(struct intel_oa_stream *stream,
				  struct intel_oa_perf_sample __user *uarg)
{
	struct intel_oa_device *oa = stream->oa;
	const struct intel_oa_unit_regs *regs = stream->unit->desc->regs;
	u32 trigger = regs ? regs->mmio_trigger : 0;
	struct intel_oa_perf_sample arg;
	u32 cookie, fence;
	int ret;

	/* uAPI: one layout for 32- and 64-bit callers. */
	BUILD_BUG_ON(sizeof(struct intel_oa_perf_sample) != 16);
	lockdep_assert_held(&stream->lock);

	if (copy_from_user(&arg, uarg, sizeof(arg)))
		return -EFAULT;
	if (arg.flags)
		return -EINVAL;
	if (!trigger)
		return -ENODEV;
	if (!stream->enabled)
		return -EIO;

	ret = intel_oa_forcewake_get(oa);
	if (ret)
		return ret;
	cookie = intel_oa_sample_cookie(oa);
	fence = intel_oa_sample_cookie(oa);
	intel_oa_sample_watch(stream, cookie);
	trace_intel_oa_mmio_trigger(cookie);
	intel_oa_write(oa, trigger, cookie);
	trace_intel_oa_mmio_trigger(fence);
	intel_oa_write(oa, trigger, fence);
	intel_oa_forcewake_put(oa);

	ret = intel_oa_sample_wait(stream, U32_MAX, &arg.timestamp);
	intel_oa_sample_watch(stream, 0);
	if (ret) {
		drm_dbg(&oa->drm, "no MMIO-triggered report for cookie %u in %d ms\n",
			cookie, OA_SAMPLE_TIMEOUT_MS);
		return ret;
	}
	arg.marker = cookie;
	if (copy_to_user(uarg, &arg, sizeof(arg)))
		return -EFAULT;
	return 0;
}
