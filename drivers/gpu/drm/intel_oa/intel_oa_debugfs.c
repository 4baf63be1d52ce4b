// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs: intel_oa_stats and guc.
 */

#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>

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
 * (reports whose write never landed). All but interrupts are reset when
 * a stream opens.
 *
 * guc (next to it) prints the GuC state: "status" (ready or
 * unavailable), h2g_sent, h2g_timeouts, h2g_busy (requests answered
 * BUSY first), h2g_stale (late replies, and CT responses no request waits
 * for, discarded), g2h_received, g2h_unknown, doorbell_rang, last_notify
 * (payload of the last NOTIFY event), "ct: ggtt=0x<address>" (where the
 * GuC CT buffers are mapped) followed by h2g_head, h2g_tail, h2g_status,
 * g2h_head, g2h_tail, g2h_status (the descriptors) and last_fence, and one
 * "doorbell: id=<id> page=<page>" line per armed doorbell (" orphaned"
 * appended to one whose release timed out).
 *
 * guc_doorbell_sample (Gen12.5, root only): writing anything asks the GuC
 * for one OA report on the open stream through a doorbell (see
 * "doorbells and on-demand samples"); the write fails with that path's
 * errno, or ENOENT without an open stream. Reading it gives
 * "marker=0x<CTX_ID> timestamp=0x<TIME_STAMP>" of the last success.
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
	seq_printf(m, "read_drains: %lld\n", atomic64_read(&s->read_drains));
	seq_printf(m, "timer_ticks: %lld\n", atomic64_read(&s->timer_ticks));
	seq_printf(m, "wakeups: %lld\n", atomic64_read(&s->wakeups));
	seq_printf(m, "reports: %lld\n", atomic64_read(&s->reports));
	seq_printf(m, "ring_dropped: %lld\n", atomic64_read(&s->ring_dropped));
	seq_printf(m, "report_lost: %lld\n", atomic64_read(&s->report_lost));
	seq_printf(m, "buffer_lost: %lld\n", atomic64_read(&s->buffer_lost));
	seq_printf(m, "tail_races: %lld\n", atomic64_read(&s->tail_races));
	seq_printf(m, "lost_writes: %lld\n", atomic64_read(&s->lost_writes));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

static int guc_show(struct seq_file *m, void *unused)
{
	struct intel_oa_device *oa = m->private;
	struct intel_oa_guc *guc = &oa->guc;
	struct intel_oa_guc_stats *s = &guc->stats;
	unsigned long flags;
	u32 notify;
	int id;

	seq_printf(m, "status: %s\n", guc->ready ? "ready" : "unavailable");
	seq_printf(m, "h2g_sent: %lld\n", atomic64_read(&s->h2g_sent));
	seq_printf(m, "h2g_timeouts: %lld\n", atomic64_read(&s->h2g_timeouts));
	seq_printf(m, "h2g_busy: %lld\n", atomic64_read(&s->h2g_busy));
	seq_printf(m, "h2g_stale: %lld\n", atomic64_read(&s->h2g_stale));
	seq_printf(m, "g2h_received: %lld\n", atomic64_read(&s->g2h_received));
	seq_printf(m, "g2h_unknown: %lld\n", atomic64_read(&s->g2h_unknown));
	seq_printf(m, "doorbell_rang: %lld\n",
		   atomic64_read(&s->doorbell_rang));
	spin_lock_irqsave(&guc->lock, flags);
	notify = guc->last_notify;
	spin_unlock_irqrestore(&guc->lock, flags);
	seq_printf(m, "last_notify: %u\n", notify);

	if (!guc->ready)
		return 0;
	if (READ_ONCE(guc->ct.enabled))
		intel_oa_guc_ct_show(oa, m);
	mutex_lock(&guc->db_lock);
	for_each_set_bit(id, guc->db_ids, INTEL_OA_NUM_DOORBELLS)
		seq_printf(m, "doorbell: id=%d page=%u%s\n", id,
			   guc->db_page_of[id],
			   test_bit(id, guc->db_orphaned) ? " orphaned" : "");
	mutex_unlock(&guc->db_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(guc);

/*
 * guc_doorbell_sample: a write asks the GuC for one OA report on the open
 * stream through a doorbell (intel_oa_doorbell_sample_locked(): the
 * virtual GPU's GuC stand-in, not a uAPI); it returns the byte count or
 * the error (-ENOENT without an open stream). A read gives
 * "marker=0x... timestamp=0x..." of the last one that succeeded.
 */
static ssize_t db_sample_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *ppos)
{
	struct intel_oa_device *oa = file_inode(file)->i_private;
	struct intel_oa_stream *stream;
	u32 marker = 0;
	u64 ts = 0;
	int idx, ret;

	if (!drm_dev_enter(&oa->drm, &idx))
		return -ENODEV;
	mutex_lock(&oa->lock);
	stream = oa->exclusive_stream;
	if (!stream) {
		ret = -ENOENT;
	} else {
		mutex_lock(&stream->lock);
		ret = intel_oa_doorbell_sample_locked(stream, &marker, &ts);
		mutex_unlock(&stream->lock);
	}
	if (!ret) {
		oa->guc.db_sample_marker = marker;
		oa->guc.db_sample_ts = ts;
	}
	mutex_unlock(&oa->lock);
	drm_dev_exit(idx);
	return ret ? ret : len;
}

static ssize_t db_sample_read(struct file *file, char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	struct intel_oa_device *oa = file_inode(file)->i_private;
	char buf[64];
	int n;

	mutex_lock(&oa->lock);
	n = scnprintf(buf, sizeof(buf), "marker=0x%x timestamp=0x%llx\n",
		      oa->guc.db_sample_marker, oa->guc.db_sample_ts);
	mutex_unlock(&oa->lock);
	return simple_read_from_buffer(ubuf, len, ppos, buf, n);
}

static const struct file_operations db_sample_fops = {
	.owner = THIS_MODULE,
	.read = db_sample_read,
	.write = db_sample_write,
	.llseek = default_llseek,
};

/**
 * intel_oa_debugfs_init - add intel_oa_stats to a minor's debugfs dir
 * @minor: DRM minor
 */
void intel_oa_debugfs_init(struct drm_minor *minor)
{
	struct intel_oa_device *oa = to_intel_oa(minor->dev);

	debugfs_create_file("intel_oa_stats", 0444, minor->debugfs_root, oa,
			    &stats_fops);
	debugfs_create_file("guc", 0444, minor->debugfs_root, oa, &guc_fops);
	if (oa->ops->guc_init)
		debugfs_create_file("guc_doorbell_sample", 0600,
				    minor->debugfs_root, oa, &db_sample_fops);
}
