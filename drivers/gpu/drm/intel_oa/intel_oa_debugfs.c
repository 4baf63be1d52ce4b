// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs: intel_oa_stats.
 */

#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include <drm/drm_file.h>

#include "intel_oa.h"

/**
 * DOC: debugfs
 *
 * /sys/kernel/debug/dri/<minor>/intel_oa_stats (both the card and the
 * render minor) prints "name: value" lines: interrupts (OA half-full
 * interrupts since load), stream_interrupts, irq_drains and timer_drains
 * (tail updates exposing new reports, per source), reports (reports read
 * by userspace), report_lost, buffer_lost and tail_races. All but
 * interrupts are reset when a stream opens.
 */

static int stats_show(struct seq_file *m, void *unused)
{
	struct intel_oa_device *oa = m->private;
	struct intel_oa_stats *s = &oa->stats;

	seq_printf(m, "interrupts: %lld\n", atomic64_read(&s->interrupts));
	seq_printf(m, "stream_interrupts: %lld\n",
		   atomic64_read(&s->stream_interrupts));
	seq_printf(m, "irq_drains: %lld\n", atomic64_read(&s->irq_drains));
	seq_printf(m, "timer_drains: %lld\n", atomic64_read(&s->timer_drains));
	seq_printf(m, "reports: %lld\n", atomic64_read(&s->reports));
	seq_printf(m, "report_lost: %lld\n", atomic64_read(&s->report_lost));
	seq_printf(m, "buffer_lost: %lld\n", atomic64_read(&s->buffer_lost));
	seq_printf(m, "tail_races: %lld\n", atomic64_read(&s->tail_races));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

/**
 * intel_oa_debugfs_init - add intel_oa_stats to a minor's debugfs dir
 * @minor: DRM minor
 */
void intel_oa_debugfs_init(struct drm_minor *minor)
{
	struct intel_oa_device *oa = to_intel_oa(minor->dev);

	debugfs_create_file("intel_oa_stats", 0444, minor->debugfs_root, oa,
			    &stats_fops);
}
