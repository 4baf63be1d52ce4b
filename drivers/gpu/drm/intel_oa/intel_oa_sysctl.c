// SPDX-License-Identifier: GPL-2.0
/*
 * dev.i915.perf_stream_paranoid and dev.i915.oa_max_sample_rate.
 */

#include <linux/sysctl.h>

#include "intel_oa.h"

/**
 * DOC: sysctls
 *
 * The same two knobs as i915, under the same names so existing tools and
 * tests work: dev.i915.perf_stream_paranoid (default 1: opening a stream
 * or changing configs needs CAP_PERFMON or CAP_SYS_ADMIN) and
 * dev.i915.oa_max_sample_rate (default 100000 Hz: a faster OA timer needs
 * the same capability; the maximum is half the timestamp frequency).
 * Registering "dev/i915" fails while i915 itself is loaded; the module then
 * refuses to load (see intel_oa_drv.c).
 */

static u32 perf_stream_paranoid = 1;
static u32 oa_max_sample_rate = 100000;
static u32 oa_sample_rate_hard_limit = 100000;

static struct ctl_table_header *sysctl_header;

static struct ctl_table oa_table[] = {
	{
		.procname = "perf_stream_paranoid",
		.data = &perf_stream_paranoid,
		.maxlen = sizeof(perf_stream_paranoid),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_ONE,
	},
	{
		.procname = "oa_max_sample_rate",
		.data = &oa_max_sample_rate,
		.maxlen = sizeof(oa_max_sample_rate),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = &oa_sample_rate_hard_limit,
	},
	{}
};

/**
 * intel_oa_sysctl_register - add the dev.i915 sysctls
 *
 * Return: 0, or -EEXIST when dev.i915 is taken (i915 loaded).
 */
int intel_oa_sysctl_register(void)
{
	sysctl_header = register_sysctl("dev/i915", oa_table);
	return sysctl_header ? 0 : -EEXIST;
}

/**
 * intel_oa_sysctl_unregister - remove the dev.i915 sysctls
 */
void intel_oa_sysctl_unregister(void)
{
	unregister_sysctl_table(sysctl_header);
}

/**
 * intel_oa_stream_paranoid - value of dev.i915.perf_stream_paranoid
 *
 * Return: true if perf needs CAP_PERFMON.
 */
bool intel_oa_stream_paranoid(void)
{
	return READ_ONCE(perf_stream_paranoid);
}

/**
 * intel_oa_max_sample_rate - value of dev.i915.oa_max_sample_rate
 *
 * Return: the limit in Hz for unprivileged streams.
 */
u32 intel_oa_max_sample_rate(void)
{
	return READ_ONCE(oa_max_sample_rate);
}

/**
 * intel_oa_sysctl_set_hard_limit - set the oa_max_sample_rate ceiling
 * @hz: new ceiling (i915 uses half the timestamp frequency)
 */
void intel_oa_sysctl_set_hard_limit(u32 hz)
{
	WRITE_ONCE(oa_sample_rate_hard_limit, hz);
}
