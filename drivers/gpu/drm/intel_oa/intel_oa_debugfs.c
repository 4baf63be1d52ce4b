// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs: intel_oa_stats, intel_oa_units, guc and i915_gem_drop_caches.
 */

#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include "intel_oa.h"

/**
 * DOC: debugfs
 *
 * /sys/kernel/debug/dri/<minor>/intel_oa_stats (both the card and the
 * render minor) prints "name: value" lines: interrupts (OA half-full
 * interrupts since load), stream_interrupts, irq_drains, timer_drains and
 * read_drains (drains that moved reports, per path: interrupt thread,
 * hrtimer, read() or sample ioctl), timer_ticks (hrtimer callbacks),
 * wakeups (times readers were woken for data), reports (reports moved
 * into the stream ring), ring_dropped (reports dropped because the ring
 * was full), report_lost, buffer_lost, tail_races and lost_writes
 * (reports whose write never landed). All but interrupts are the render
 * GT's OA unit's and are reset when a stream opens on it; every further
 * OA unit (an OAM) follows with the same lines prefixed by its name and a
 * dot ("OAM.reports: ...").
 *
 * intel_oa_units (next to it) prints one line per OA unit, the render
 * GT's first: "NAME: type=OAG|OAM engines=C:I,... formats=N,...
 * drain=interrupt|hrtimer ggtt=0x<range> stream=open|none", where the
 * engines are the uAPI class:instance pairs whose
 * DRM_I915_PERF_PROP_OA_ENGINE_CLASS/_INSTANCE choose the unit, the
 * formats the uAPI numbers a stream on it takes, and drain how a ring
 * stream on it is drained (hrtimer: no interrupt carries the unit's
 * half-full event, or oa_interrupt is off).
 *
 * guc (next to it) prints the GuC state: "status" (ready or
 * unavailable), h2g_sent, h2g_timeouts, h2g_busy (MMIO requests answered
 * BUSY first), h2g_stale (late MMIO replies discarded), g2h_received,
 * g2h_unknown (G2H messages nothing waits for), and "ct: ggtt=0x<address>"
 * (where the GuC CT buffers are mapped) followed by h2g_head, h2g_tail,
 * h2g_status, g2h_head, g2h_tail and g2h_status (the descriptors).
 */

static void stream_stats_show(struct seq_file *m, const char *prefix,
			      struct intel_oa_stream_stats *s)
{
	unsigned int i;

	for (i = 0; i < intel_oa_n_stream_stat_fields; i++)
		seq_printf(m, "%s%s: %lld\n", prefix,
			   intel_oa_stream_stat_fields[i].name,
			   atomic64_read(intel_oa_stream_stat(s, i)));
}

static int stats_show(struct seq_file *m, void *unused)
{
	struct intel_oa_device *oa = m->private;
	char prefix[16];
	unsigned int i;

	seq_printf(m, "interrupts: %lld\n",
		   atomic64_read(&oa->stats.interrupts));
	/* The render GT's unit unprefixed, as before there were others. */
	stream_stats_show(m, "", &oa->units[0].stats);
	for (i = 1; i < oa->n_units; i++) {
		snprintf(prefix, sizeof(prefix), "%s.",
			 oa->units[i].desc->name);
		stream_stats_show(m, prefix, &oa->units[i].stats);
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

static void unit_show(struct seq_file *m, struct intel_oa_unit *unit)
{
	struct intel_oa_device *oa = unit->oa;
	unsigned long engines = unit->desc->engines & oa->platform->engines;
	struct intel_oa_stream *open;
	const char *sep = "";
	unsigned int id;
	u8 class, instance;

	seq_printf(m, "%s: type=%s engines=", unit->desc->name,
		   unit->desc->type == INTEL_OA_UNIT_OAM ? "OAM" : "OAG");
	for_each_set_bit(id, &engines, INTEL_OA_NUM_ENGINES) {
		intel_oa_engine_uapi(oa, id, &class, &instance);
		seq_printf(m, "%s%u:%u", sep, class, instance);
		sep = ",";
	}
	seq_puts(m, " formats=");
	sep = "";
	for_each_set_bit(id, oa->format_mask, INTEL_OA_FORMAT_MAX) {
		if (oa->gen->formats[id].type != unit->desc->type)
			continue;
		seq_printf(m, "%s%u", sep, id);
		sep = ",";
	}
	/* pairs with the smp_store_release() that publishes the stream */
	open = smp_load_acquire(&unit->exclusive_stream);
	seq_printf(m, " drain=%s ggtt=0x%08x stream=%s\n",
		   intel_oa_stream_irq_drains(unit) ? "interrupt" : "hrtimer",
		   oa->ggtt.oa_offset + unit->id * OA_BUFFER_GGTT_RANGE,
		   open ? "open" : "none");
}

static int units_show(struct seq_file *m, void *unused)
{
	struct intel_oa_device *oa = m->private;
	unsigned int i;

	for (i = 0; i < oa->n_units; i++)
		unit_show(m, &oa->units[i]);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(units);

static int guc_show(struct seq_file *m, void *unused)
{
	struct intel_oa_device *oa = m->private;
	struct intel_oa_guc *guc = &oa->guc;
	struct intel_oa_guc_stats *s = &guc->stats;

	seq_printf(m, "status: %s\n", guc->ready ? "ready" : "unavailable");
	seq_printf(m, "h2g_sent: %lld\n", atomic64_read(&s->h2g_sent));
	seq_printf(m, "h2g_timeouts: %lld\n", atomic64_read(&s->h2g_timeouts));
	seq_printf(m, "h2g_busy: %lld\n", atomic64_read(&s->h2g_busy));
	seq_printf(m, "h2g_stale: %lld\n", atomic64_read(&s->h2g_stale));
	seq_printf(m, "g2h_received: %lld\n", atomic64_read(&s->g2h_received));
	seq_printf(m, "g2h_unknown: %lld\n", atomic64_read(&s->g2h_unknown));

	if (guc->ready && READ_ONCE(guc->ct.enabled))
		intel_oa_guc_ct_show(oa, m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(guc);

/* i915's DROP_* bits (i915_debugfs.c), which IGT writes and reads back. */
#define DROP_UNBOUND		BIT(0)
#define DROP_BOUND		BIT(1)
#define DROP_RETIRE		BIT(2)
#define DROP_ACTIVE		BIT(3)
#define DROP_FREED		BIT(4)
#define DROP_SHRINK_ALL		BIT(5)
#define DROP_IDLE		BIT(6)
#define DROP_RESET_ACTIVE	BIT(7)
#define DROP_RESET_SEQNO	BIT(8)
#define DROP_RCU		BIT(9)
#define DROP_ALL		GENMASK(9, 0)

static int drop_caches_get(void *data, u64 *val)
{
	*val = DROP_ALL;
	return 0;
}

/*
 * What each bit drops in i915 that exists here: no request is ever
 * outstanding (no submission), objects are freed when their last
 * reference goes (no deferred free list) and pages stay pinned for an
 * object's life (no shrinker), so only the RCU barrier has work to do.
 */
static int drop_caches_set(void *data, u64 val)
{
	struct intel_oa_device *oa = data;

	drm_dbg(&oa->drm, "dropping caches: 0x%08llx [0x%08llx]\n", val,
		val & DROP_ALL);
	if (val & DROP_RCU)
		rcu_barrier();
	return 0;
}

DEFINE_SIMPLE_ATTRIBUTE(drop_caches_fops, drop_caches_get, drop_caches_set,
			"0x%08llx\n");

/**
 * intel_oa_debugfs_init - add intel_oa_stats to a minor's debugfs dir
 * @minor: DRM minor
 */
void intel_oa_debugfs_init(struct drm_minor *minor)
{
	struct intel_oa_device *oa = to_intel_oa(minor->dev);

	debugfs_create_file("intel_oa_stats", 0444, minor->debugfs_root, oa,
			    &stats_fops);
	debugfs_create_file("intel_oa_units", 0444, minor->debugfs_root, oa,
			    &units_fops);
	debugfs_create_file("guc", 0444, minor->debugfs_root, oa, &guc_fops);
	debugfs_create_file("i915_gem_drop_caches", 0644, minor->debugfs_root,
			    oa, &drop_caches_fops);
}
