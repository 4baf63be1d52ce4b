// SPDX-License-Identifier: GPL-2.0
/*
 * dev.i915.perf_stream_paranoid, dev.i915.oa_max_sample_rate and the
 * config memory limits.
 */

#include <linux/mutex.h>
#include <linux/sysctl.h>

#include "intel_oa.h"

/**
 * DOC: sysctls
 *
 * The same two knobs as i915, under the same names so existing tools and
 * tests work: dev.i915.perf_stream_paranoid (default 1: opening a stream
 * or changing configs needs CAP_PERFMON or CAP_SYS_ADMIN) and
 * dev.i915.oa_max_sample_rate (default 100000 Hz: a faster OA timer needs
 * the same capability; the maximum is half the timestamp frequency). The
 * knobs are the module's, one for every GPU it binds: the maximum is the
 * highest of theirs, whatever order they probe or rebind in (i915 keeps
 * the last probed device's), and a stream's own device still bounds its
 * exponent.
 * The knobs exist only while the module drives a GPU: the first bound
 * device registers "dev/i915", unbinding the last removes it, so loading
 * the module on a machine where it binds nothing leaves i915's knobs to
 * i915. If i915 holds "dev/i915" when the first device binds, the knobs
 * stay i915's and intel_oa's streams keep the defaults (the log says
 * so); if intel_oa holds it when i915 loads, i915's registration fails
 * (i915 goes on without its knobs) until intel_oa unbinds.
 *
 * Two more, which i915 does not have, bound the kernel memory that
 * DRM_IOCTL_I915_PERF_ADD_CONFIG pins (see "OA configs"):
 * dev.i915.oa_config_max_bytes (default 64 MiB, all configs of all users)
 * and dev.i915.oa_config_max_bytes_per_user (default 16 MiB, the configs
 * one uid without CAP_PERFMON/CAP_SYS_ADMIN has added). A metric set is a
 * few KiB; i915 has no bound, so with perf_stream_paranoid=0 any user could
 * pin hundreds of MiB there.
 */

static u32 perf_stream_paranoid = 1;
static u32 oa_max_sample_rate = 100000;
/* Only raised, by cmpxchg (intel_oa_sysctl_raise_hard_limit()). */
static u32 oa_sample_rate_hard_limit = 100000;

static unsigned long oa_config_max_bytes = 64UL << 20;
static unsigned long oa_config_max_bytes_per_user = 16UL << 20;

/* The registration and its users: bound devices. */
static DEFINE_MUTEX(sysctl_lock);
static struct ctl_table_header *sysctl_header;	/* sysctl_lock; NULL if i915's */
static unsigned int sysctl_users;		/* sysctl_lock */

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
	{
		.procname = "oa_config_max_bytes",
		.data = &oa_config_max_bytes,
		.maxlen = sizeof(oa_config_max_bytes),
		.mode = 0644,
		.proc_handler = proc_doulongvec_minmax,
	},
	{
		.procname = "oa_config_max_bytes_per_user",
		.data = &oa_config_max_bytes_per_user,
		.maxlen = sizeof(oa_config_max_bytes_per_user),
		.mode = 0644,
		.proc_handler = proc_doulongvec_minmax,
	},
	{}	/* ends the table before 6.6, see intel_oa_compat.h */
};

/**
 * intel_oa_sysctl_get - a device is bound: the dev.i915 sysctls exist
 *
 * The first user registers them. When "dev/i915" is i915's, they stay
 * i915's: that is logged and not an error.
 */
void intel_oa_sysctl_get(void)
{
	mutex_lock(&sysctl_lock);
	if (!sysctl_users++) {
		sysctl_header = intel_oa_register_sysctl("dev/i915", oa_table,
							 ARRAY_SIZE(oa_table) - 1);
		if (!sysctl_header)
			pr_notice("intel_oa: dev.i915.* belongs to i915: intel_oa streams keep perf_stream_paranoid=%u and oa_max_sample_rate=%u (unload i915 and rebind to set them)\n",
				  READ_ONCE(perf_stream_paranoid),
				  READ_ONCE(oa_max_sample_rate));
	}
	mutex_unlock(&sysctl_lock);
}

/**
 * intel_oa_sysctl_put - a device is unbound
 *
 * The last user removes the sysctls, so i915 can register its own.
 */
void intel_oa_sysctl_put(void)
{
	mutex_lock(&sysctl_lock);
	if (!--sysctl_users && sysctl_header) {
		unregister_sysctl_table(sysctl_header);
		sysctl_header = NULL;
	}
	mutex_unlock(&sysctl_lock);
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
 * intel_oa_sysctl_raise_hard_limit - let oa_max_sample_rate reach @hz
 * @hz: a bound device's ceiling (i915 uses half the timestamp frequency)
 *
 * The ceiling becomes the highest of the devices', so it does not depend
 * on the order in which they probe (devices may probe concurrently).
 */
void intel_oa_sysctl_raise_hard_limit(u32 hz)
{
	u32 old = READ_ONCE(oa_sample_rate_hard_limit);

	while (hz > old) {
		u32 seen = cmpxchg(&oa_sample_rate_hard_limit, old, hz);

		if (seen == old)
			break;
		old = seen;
	}
}

/**
 * intel_oa_config_max_bytes - value of dev.i915.oa_config_max_bytes
 *
 * Return: the most config memory all users together may hold.
 */
unsigned long intel_oa_config_max_bytes(void)
{
	return READ_ONCE(oa_config_max_bytes);
}

/**
 * intel_oa_config_max_bytes_per_user - dev.i915.oa_config_max_bytes_per_user
 *
 * Return: the most config memory one unprivileged uid may hold.
 */
unsigned long intel_oa_config_max_bytes_per_user(void)
{
	return READ_ONCE(oa_config_max_bytes_per_user);
}
