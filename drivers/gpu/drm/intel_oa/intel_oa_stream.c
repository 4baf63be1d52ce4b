// SPDX-License-Identifier: GPL-2.0
/*
 * The perf stream file: read, poll, ioctl, release.
 */

#include <linux/anon_inodes.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "regs/intel_oa_regs.h"
#include "intel_oa_trace.h"

/**
 * DOC: stream file
 *
 * DRM_IOCTL_I915_PERF_OPEN returns an anonymous file with i915's
 * semantics: read() returns whole records (SAMPLE, OA_REPORT_LOST,
 * OA_BUFFER_LOST), -ENOSPC if not even one fits, the byte count if some
 * were copied before an error, -EAGAIN for a non-blocking read with no
 * data and -EIO on a disabled stream (or a blocking read of a stream
 * without the periodic timer). poll() reports EPOLLIN once the hrtimer or
 * the interrupt found data. Ioctls: I915_PERF_IOCTL_ENABLE, _DISABLE and
 * _CONFIG (returns the previous config id), and intel_oa's
 * INTEL_OA_PERF_IOCTL_SAMPLE (see "on-demand samples").
 *
 * Lifetime: the file holds a module reference (fops owner) and a
 * drm_dev_get() reference, so the DRM fd and the stream fd can be closed in
 * any order and the module cannot be unloaded under an open stream. The
 * PCI device can still go away (unbind, hot unplug) under an open stream:
 * remove stops the stream's hardware use with
 * intel_oa_stream_hw_fini_locked() while BAR0 is still mapped, the stream
 * ioctls enter the device with drm_dev_enter() and fail with -ENODEV after
 * that, read() of the (now disabled) stream returns -EIO, and release()
 * only frees memory. A device that leaves the bus unannounced ends its
 * stream the same way, see "surprise removal".
 */

/**
 * DOC: stream modes
 *
 * A stream opened with i915's properties only is an *i915 stream* and
 * behaves as i915's does, because i915 clients (IGT's perf test, its
 * recorder, gputop, Mesa) are written against that behaviour: the OA
 * buffer is i915's (the generation's largest, 16 MiB from Haswell on);
 * reports stay in it until read() copies them; the POLL_OA_PERIOD hrtimer
 * only looks at the hardware tail (intel_oa_drain_check(), as i915's
 * oa_buffer_check_unlocked()), marks the stream readable and records that
 * tail, and read() takes from the OA buffer, up to the recorded tail,
 * only what its buffer can hold (more left behind ends it in -ENOSPC,
 * which keeps poll() saying EPOLLIN), so a reader that reads until
 * EAGAIN gets it; a reader that falls a whole buffer behind gets
 * DRM_I915_PERF_RECORD_OA_BUFFER_LOST when the unit overflows, and the
 * read() that reports it restarts the unit, so the next one is EAGAIN
 * (i915's gen8_oa_read()). The half-full interrupt stays
 * masked and mmap() fails with -ENODEV, as on i915's stream file.
 *
 * A stream opened with any intel_oa property (enum
 * intel_oa_perf_property_id) is a *ring stream*: the drain runs ahead of
 * read() from the half-full interrupt and the hrtimer (see "draining"),
 * the OA buffer is sized for the interrupt (see "OA buffer"), a reader
 * that falls behind loses only what does not fit the stream ring (see
 * "stream ring"), and the ring can be mmap()ed.
 */

/*
 * oa_interrupt: whether streams drain on the OA buffer half-full interrupt.
 * With it off the POLL_OA_PERIOD hrtimer alone drains the buffer, as in
 * i915; that mode exists to compare the two paths (scripts/bench-drain).
 * Read when a stream is enabled.
 */
static bool oa_interrupt = true;
module_param(oa_interrupt, bool, 0644);
MODULE_PARM_DESC(oa_interrupt,
		 "Drain the OA buffer on its half-full interrupt (default: true; false: hrtimer only; Sandy Bridge has no such interrupt)");

/**
 * intel_oa_stream_irq_drains - will a new stream on a unit be drained by
 *	interrupt?
 * @unit: the OA unit
 *
 * Return: true if the platform has an OA interrupt, it carries the unit's
 * half-full event, and it is in use.
 */
bool intel_oa_stream_irq_drains(struct intel_oa_unit *unit)
{
	return unit->oa->ops->irq_handler && !unit->desc->hrtimer_only &&
	       READ_ONCE(oa_interrupt);
}

static enum hrtimer_restart poll_timer_cb(struct hrtimer *hrtimer)
{
	struct intel_oa_stream *stream =
		container_of(hrtimer, typeof(*stream), poll_timer);
	bool gone = intel_oa_device_gone(stream->oa);

	atomic64_inc(&stream->unit->stats.timer_ticks);
	if (!stream->ring_stream) {
		/* i915: reports wait in the OA buffer for read(). */
		if (intel_oa_drain_check(stream)) {
			WRITE_ONCE(stream->pollin, true);
			intel_oa_stream_wake(stream);
		}
	} else if (intel_oa_drain_due(stream)) {
		/* The drain sleeps: it runs from a work item. */
		queue_work(system_highpri_wq, &stream->drain_work);
	}
	/* The poll period bounds the latency of whatever is waiting. */
	if (intel_oa_ring_unread(&stream->ring)) {
		WRITE_ONCE(stream->pollin, true);
		intel_oa_stream_wake(stream);
	}
	/* Nothing will ever arrive from a device that left the bus. */
	if (gone)
		return HRTIMER_NORESTART;

	hrtimer_forward_now(hrtimer, ns_to_ktime(stream->poll_period_ns));
	return HRTIMER_RESTART;
}

static void drain_work_fn(struct work_struct *work)
{
	struct intel_oa_stream *stream =
		container_of(work, typeof(*stream), drain_work);

	intel_oa_drain(stream, INTEL_OA_DRAIN_TIMER);
}

/* Stop every drain path and the unit; the ring is left alone. */
static void stream_hw_stop(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	intel_oa_irq_oa_mask(stream->unit);
	hrtimer_cancel(&stream->poll_timer);
	cancel_work_sync(&stream->drain_work);
	/* No interrupt thread may still look at the buffer. */
	intel_oa_irq_sync(oa);
	stream->unit->desc->funcs->disable(stream);
}

/*
 * Reprogram the unit (which resets the OA buffer) and the drain paths.
 * The reset runs under @drain_lock: the interrupt thread may drain while
 * the unit restarts (another unit's event wakes it), and must find the
 * buffer either before the reset or after it.
 */
static void stream_hw_start(struct intel_oa_stream *stream)
{
	bool irq = stream->ring_stream &&
		   intel_oa_stream_irq_drains(stream->unit);

	mutex_lock(&stream->drain_lock);
	stream->unit->desc->funcs->enable(stream);
	WRITE_ONCE(stream->irq_drained, irq);
	mutex_unlock(&stream->drain_lock);
	if (irq)
		intel_oa_irq_oa_unmask(stream->unit);
	hrtimer_start(&stream->poll_timer, ns_to_ktime(stream->poll_period_ns),
		      HRTIMER_MODE_REL_PINNED);
}

/**
 * intel_oa_stream_enable_locked - start sampling
 * @stream: stream whose hardware is still set up (it is
 *	its unit's &intel_oa_unit.exclusive_stream); caller holds
 *	@stream->lock
 *
 * Like i915, what was not read before the stream was disabled is gone.
 */
void intel_oa_stream_enable_locked(struct intel_oa_stream *stream)
{
	lockdep_assert_held(&stream->lock);

	if (stream->enabled)
		return;

	WRITE_ONCE(stream->pollin, false);
	mutex_lock(&stream->drain_lock);
	intel_oa_ring_reset(&stream->ring);
	WRITE_ONCE(stream->enabled, true);
	mutex_unlock(&stream->drain_lock);
	stream_hw_start(stream);
	trace_intel_oa_stream_enable(stream);
}

static void intel_oa_stream_disable_locked(struct intel_oa_stream *stream)
{
	lockdep_assert_held(&stream->lock);

	if (!stream->enabled)
		return;

	/* A drain that starts after this finds the stream disabled. */
	mutex_lock(&stream->drain_lock);
	WRITE_ONCE(stream->enabled, false);
	mutex_unlock(&stream->drain_lock);
	stream_hw_stop(stream);
	/* Wake blocked readers: they return -EIO. */
	wake_up_all(&stream->poll_wq);
	trace_intel_oa_stream_disable(stream);
}

/*
 * After an overflow (see "draining"): restart the unit, which resets the
 * OA buffer, keeping the stream enabled and its ring as it is. No drain
 * runs meanwhile: the timer, the work and the interrupt are stopped and
 * read() waits for @stream->lock.
 */
static void stream_restart_locked(struct intel_oa_stream *stream)
{
	lockdep_assert_held(&stream->lock);

	if (stream->enabled && stream->buf.overflowed) {
		stream_hw_stop(stream);
		stream_hw_start(stream);
	}
}

static void restart_work_fn(struct work_struct *work)
{
	struct intel_oa_stream *stream =
		container_of(work, typeof(*stream), restart_work);

	mutex_lock(&stream->lock);
	stream_restart_locked(stream);
	mutex_unlock(&stream->lock);
}

/*
 * Level-triggered, as the perf_event ring: the ring holds enough for the
 * stream's wake-up rule (anything, or WAIT_NUM_REPORTS' worth), or the
 * poll period elapsed (@pollin) with anything in it.
 */
static bool data_ready(struct intel_oa_stream *stream)
{
	u64 unread = intel_oa_ring_unread(&stream->ring);

	/* i915: the hrtimer saw reports in the OA buffer. */
	if (!stream->ring_stream)
		return unread || READ_ONCE(stream->pollin);
	return unread && (unread >= stream->wait_bytes ||
			  READ_ONCE(stream->pollin));
}

/*
 * An i915 stream's read(): what is left in the ring, then what the hrtimer
 * last saw in the OA buffer, as much as fits; one drain per call, as
 * i915's read() copies up to one tail (see "stream modes").
 */
static int read_i915_locked(struct intel_oa_stream *stream, char __user *buf,
			    size_t count, size_t *offset)
{
	int ret;

	lockdep_assert_held(&stream->lock);

	ret = intel_oa_ring_read(&stream->ring, buf, count, offset);
	/*
	 * A filled buffer ends the read. An empty one (count 0) still
	 * drains, so a waiting record gives -ENOSPC as in i915 and a
	 * blocking read() never loops on a tail it cannot take.
	 */
	if (ret || (*offset && *offset == count))
		return ret;
	stream->read_room = max_t(u64, count - *offset, stream->sample_size);
	stream->read_left = false;
	if (intel_oa_drain(stream, INTEL_OA_DRAIN_READ))
		ret = intel_oa_ring_read(&stream->ring, buf, count, offset);
	/* More landed than fitted: i915's read() ends in -ENOSPC then. */
	if (!ret && stream->read_left)
		ret = -ENOSPC;
	/*
	 * An overflow restarts the unit here, in the read() that reported
	 * it, as i915's gen8_oa_read() does: the next read() finds an empty
	 * buffer (EAGAIN) instead of the reports written since, so a reader
	 * slower than the stream still gets an EAGAIN now and then (IGT's
	 * recorder takes its CPU/GPU correlations only then).
	 */
	stream_restart_locked(stream);
	return ret;
}

/*
 * A blocking read() waits for this. An i915 stream looks at the hardware
 * tail itself, as i915's wait does (oa_buffer_check_unlocked() in its wait
 * condition), so the read that follows drains up to a fresh tail.
 */
static bool read_ready(struct intel_oa_stream *stream)
{
	if (!READ_ONCE(stream->enabled) || intel_oa_device_gone(stream->oa))
		return true;
	if (!stream->ring_stream)
		return intel_oa_ring_unread(&stream->ring) ||
		       intel_oa_drain_check(stream);
	return data_ready(stream);
}

/* One locked pass of read(); takes @stream->lock itself. */
static int read_records(struct intel_oa_stream *stream, char __user *buf,
			size_t count, size_t *offset)
{
	bool gone = intel_oa_device_gone(stream->oa);
	size_t before = *offset;
	int ret;

	mutex_lock(&stream->lock);
	if (stream->enabled && !stream->ring_stream) {
		ret = read_i915_locked(stream, buf, count, offset);
	} else if (stream->enabled) {
		/*
		 * Whatever landed by now, not only by the last interrupt or
		 * timer tick, if the ring alone cannot fill the buffer; but
		 * never in two read() calls in a row. i915's read() never
		 * fetches from the OA buffer itself, and i915 clients read
		 * until EAGAIN (i915-perf-recorder does): a read() that
		 * always found the reports landed since the last one would
		 * never give EAGAIN to a reader slower than the stream, which
		 * then never returned to its loop. A gone device always
		 * drains: nothing new lands there.
		 */
		if (intel_oa_ring_unread(&stream->ring) < count - *offset &&
		    (gone || !stream->read_drained)) {
			intel_oa_drain(stream, INTEL_OA_DRAIN_READ);
			stream->read_drained = true;
		} else {
			stream->read_drained = false;
		}
		ret = intel_oa_ring_read(&stream->ring, buf, count, offset);
		if (ret == -EIO)
			drm_dbg(&stream->oa->drm,
				"stream ring tail corrupted through the control page\n");
	} else {
		ret = -EIO;
	}
	/* The device is gone and everything that landed has been read. */
	if (gone && !ret && *offset == before) {
		WRITE_ONCE(stream->gone_drained, true);
		ret = -EIO;
	}
	mutex_unlock(&stream->lock);

	return ret;
}

static ssize_t intel_oa_stream_read(struct file *file, char __user *buf,
				    size_t count, loff_t *ppos)
{
	struct intel_oa_stream *stream = file->private_data;
	size_t offset = 0;
	int ret;

	/* Reading a disabled stream is an error, as in i915. */
	if (!READ_ONCE(stream->enabled))
		return -EIO;

	if (!(file->f_flags & O_NONBLOCK)) {
		do {
			/* Without the OA timer we could wait forever. */
			if (!stream->periodic)
				return -EIO;

			ret = wait_event_interruptible(stream->poll_wq,
						       read_ready(stream));
			if (ret)
				return ret;

			ret = read_records(stream, buf, count, &offset);
			/*
			 * read_ready() and the drain agree on what is
			 * there, so a pass that found nothing sleeps next
			 * time; a signal ends the wait all the same.
			 */
			if (!offset && !ret && signal_pending(current))
				return -ERESTARTSYS;
		} while (!offset && !ret);
	} else {
		ret = read_records(stream, buf, count, &offset);
	}

	/*
	 * A partial wake-up by the poll period is used up, unless records
	 * did not fit the buffer: then poll() keeps saying so, as in i915.
	 */
	if (ret != -ENOSPC)
		WRITE_ONCE(stream->pollin, false);

	return offset ?: (ret ?: -EAGAIN);
}

static __poll_t intel_oa_stream_poll(struct file *file, poll_table *wait)
{
	struct intel_oa_stream *stream = file->private_data;

	poll_wait(file, &stream->poll_wq, wait);

	/*
	 * Once the device is gone no report will ever arrive: say so, so a
	 * poller does not wait forever (read() then returns -EIO). Removal
	 * wakes poll_wq when it tears the stream down.
	 */
	if (drm_dev_is_unplugged(&stream->oa->drm))
		return EPOLLERR | EPOLLHUP;
	/*
	 * Gone from the bus: reports that landed before can still be read,
	 * until a read() found none left (and returned -EIO).
	 */
	if (intel_oa_device_gone(stream->oa))
		return EPOLLHUP | (READ_ONCE(stream->gone_drained) ? EPOLLERR :
								     EPOLLIN);

	/* An mmap() reader consumed everything: wait for the next wake-up. */
	if (stream->ring_stream && READ_ONCE(stream->pollin) &&
	    !intel_oa_ring_unread(&stream->ring))
		WRITE_ONCE(stream->pollin, false);

	return data_ready(stream) ? EPOLLIN : 0;
}

static int intel_oa_stream_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct intel_oa_stream *stream = file->private_data;

	/* As i915's stream file, which has no mmap(): see "stream modes". */
	if (!stream->ring_stream)
		return -ENODEV;

	return intel_oa_ring_mmap(stream, vma);
}

static long config_locked(struct intel_oa_stream *stream, unsigned long id)
{
	struct intel_oa_device *oa = stream->oa;
	struct intel_oa_config *config;
	long ret = stream->config->id;

	lockdep_assert_held(&stream->lock);

	config = intel_oa_config_lookup(oa, id);
	if (!config)
		return -EINVAL;

	if (config != stream->config) {
		stream->unit->desc->funcs->enable_metric_set(stream, config);
		config = xchg(&stream->config, config);
	}

	intel_oa_config_put(config);
	return ret;
}

static long intel_oa_stream_ioctl(struct file *file, unsigned int cmd,
				  unsigned long arg)
{
	struct intel_oa_stream *stream = file->private_data;
	long ret = 0;
	int idx;

	/* Every ioctl programs the hardware: not after PCI remove. */
	if (!drm_dev_enter(&stream->oa->drm, &idx))
		return -ENODEV;
	if (intel_oa_device_gone(stream->oa)) {
		drm_dev_exit(idx);
		return -ENODEV;
	}

	mutex_lock(&stream->lock);
	switch (cmd) {
	case I915_PERF_IOCTL_ENABLE:
		intel_oa_stream_enable_locked(stream);
		break;
	case I915_PERF_IOCTL_DISABLE:
		intel_oa_stream_disable_locked(stream);
		break;
	case I915_PERF_IOCTL_CONFIG:
		ret = config_locked(stream, arg);
		break;
	case INTEL_OA_PERF_IOCTL_SAMPLE:
		ret = intel_oa_stream_sample_locked(stream,
						    (void __user *)arg);
		break;
	default:
		ret = -EINVAL;
		break;
	}
	mutex_unlock(&stream->lock);
	drm_dev_exit(idx);

	return ret;
}

/*
 * Gen12: OAR counts the stream's context, or stops (i915
 * gen12_configure_oar_context()): OACTXCONTROL's counter resume,
 * OAR_OACONTROL's format and enable, and the context control's OAR
 * enable, all context state, loaded by a request on the context. i915
 * writes OACTXCONTROL into the image from another context; loading it in
 * the context itself ends the same way without racing the context's own
 * saves.
 */
static int stream_configure_oar(struct intel_oa_stream *stream, bool on)
{
	const u32 regs[] = {
		GEN12_OACTXCONTROL, on ? GEN8_OA_COUNTER_RESUME : 0,
		GEN12_OAR_OACONTROL,
		stream->buf.format->format <<
		GEN12_OAR_OACONTROL_COUNTER_FORMAT_SHIFT |
		(on ? GEN12_OAR_OACONTROL_COUNTER_ENABLE : 0),
		RCS_RING_CONTEXT_CONTROL,
		on ? masked_bit_enable(GEN12_CTX_CTRL_OAR_CONTEXT_ENABLE) :
		masked_bit_disable(GEN12_CTX_CTRL_OAR_CONTEXT_ENABLE),
	};

	/* the open may be interrupted, the close must finish */
	return intel_oa_lrc_load_regs(stream->oa, stream->ctx, regs,
				      ARRAY_SIZE(regs) / 2, on);
}

/**
 * intel_oa_stream_hw_fini_locked - stop a stream's use of the hardware
 * @stream: stream; caller holds @stream->oa->lock
 *
 * Stops sampling, unpublishes the stream from the interrupt thread, undoes
 * the metrics set, clears the buffer's GGTT entries, drops the stream's
 * forcewake and frees the OA buffer (a disabled stream never reads it, and
 * no ioctl can re-enable it: see "stream file"). Done once, by whichever
 * comes first of release() and PCI remove (which must do it while BAR0 is
 * still mapped and the device bound); a stream that is no longer its
 * unit's &intel_oa_unit.exclusive_stream has nothing left to undo.
 */
void intel_oa_stream_hw_fini_locked(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	lockdep_assert_held(&oa->lock);

	if (stream->unit->exclusive_stream != stream)
		return;

	mutex_lock(&stream->lock);
	intel_oa_stream_disable_locked(stream);
	mutex_unlock(&stream->lock);
	/* Disabled: no drain can queue it again. */
	cancel_work_sync(&stream->restart_work);

	/* After this no interrupt thread can find or still use the stream. */
	WRITE_ONCE(stream->unit->exclusive_stream, NULL);
	intel_oa_irq_sync(oa);

	/* the context keeps running: OAR stops counting it */
	if (stream->oar && stream_configure_oar(stream, false))
		drm_warn(&oa->drm, "cannot turn OAR off in the context\n");
	stream->unit->desc->funcs->disable_metric_set(stream);
	/* The OA unit is stopped: unmap the buffer before it is freed. */
	intel_oa_ggtt_clear(oa, stream->buf.ggtt_offset, stream->buf.n_pages);
	intel_oa_forcewake_put(oa);

	/* DMA-unmap while the device is still bound; nothing reads it now. */
	intel_oa_buffer_free(stream);

	/* Pollers of a stream that was already disabled learn it is gone. */
	wake_up_all(&stream->poll_wq);
}

/**
 * intel_oa_stream_destroy_locked - stop the stream and free what it holds
 * @stream: stream with no other users; caller holds @oa->lock
 */
void intel_oa_stream_destroy_locked(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	lockdep_assert_held(&oa->lock);

	intel_oa_stream_hw_fini_locked(stream);

	intel_oa_config_put(stream->config);
	if (stream->ctx)
		intel_oa_hw_context_put(stream->ctx);
	trace_intel_oa_stream_close(stream);

	/* No mapping is left: each holds the file that is being released. */
	intel_oa_ring_free(&stream->ring);
	mutex_destroy(&stream->drain_lock);
	mutex_destroy(&stream->lock);
	kfree(stream);
}

static int intel_oa_stream_release(struct inode *inode, struct file *file)
{
	struct intel_oa_stream *stream = file->private_data;
	struct intel_oa_device *oa = stream->oa;

	mutex_lock(&oa->lock);
	intel_oa_stream_destroy_locked(stream);
	mutex_unlock(&oa->lock);
	/* The reference taken in intel_oa_stream_install_fd(). */
	drm_dev_put(&oa->drm);

	return 0;
}

/* No .llseek: lseek() fails with ESPIPE, as on i915's stream (no_llseek). */
static const struct file_operations intel_oa_stream_fops = {
	.owner = THIS_MODULE,
	.release = intel_oa_stream_release,
	.poll = intel_oa_stream_poll,
	.read = intel_oa_stream_read,
	.mmap = intel_oa_stream_mmap,
	.unlocked_ioctl = intel_oa_stream_ioctl,
	/*
	 * SAMPLE's struct has the same layout for 32-bit callers and the
	 * others take no pointer.
	 */
	.compat_ioctl = compat_ptr_ioctl,
};

/**
 * intel_oa_stream_init - allocate the buffers and program the metrics set
 * @stream: zeroed stream with @oa set; caller holds @oa->lock
 * @config: metrics set; the stream takes over this reference
 * @params: validated open properties
 *
 * On error the caller still owns @config.
 *
 * Return: 0 or a negative errno.
 */
int intel_oa_stream_init(struct intel_oa_stream *stream,
			 struct intel_oa_config *config,
			 const struct intel_oa_open_params *params)
{
	struct intel_oa_device *oa = stream->oa;
	int ret;

	lockdep_assert_held(&oa->lock);

	mutex_init(&stream->lock);
	mutex_init(&stream->drain_lock);
	INIT_WORK(&stream->drain_work, drain_work_fn);
	INIT_WORK(&stream->restart_work, restart_work_fn);
	init_waitqueue_head(&stream->poll_wq);
	hrtimer_init(&stream->poll_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	stream->poll_timer.function = poll_timer_cb;

	stream->buf.format = &oa->gen->formats[params->format];
	stream->buf.size = params->oa_buffer_size;
	stream->sample_size = sizeof(struct drm_i915_perf_record_header) +
			      stream->buf.format->size;
	stream->periodic = params->periodic;
	stream->period_exponent = params->periodic ? params->exponent : 0;
	stream->ctx = params->ctx;
	/* Haswell gates the counters in hardware; Gen8+ filters reports */
	if (params->ctx && oa->gen->graphics_ver >= 8) {
		stream->ctx_filter = intel_oa_hw_context_id(params->ctx);
		stream->ctx_id_mask = intel_oa_lrc_ctx_id_mask(oa);
		/* OAR is the render engine's, OAG's side */
		stream->oar = oa->gen->lrc->oar &&
			      stream->unit->desc->type == INTEL_OA_UNIT_OAG;
	}
	stream->no_samples = params->no_samples;
	stream->poll_period_ns = params->poll_period_ns;
	stream->wait_bytes = (u64)params->wait_num_reports *
			     stream->sample_size;
	stream->lost_records = params->lost_records;
	stream->ring_stream = params->ring_stream;

	ret = intel_oa_ring_alloc(&stream->ring, params->ring_size,
				  stream->sample_size, &stream->drain_lock,
				  params->lost_records);
	if (ret) {
		drm_dbg(&oa->drm, "cannot allocate a %llu KiB stream ring\n",
			params->ring_size / SZ_1K);
		goto err_mutex;
	}

	/* Keeps the render well awake and RC6 off while sampling. */
	ret = intel_oa_forcewake_get(oa);
	if (ret)
		goto err_ring;

	ret = intel_oa_buffer_alloc(stream);
	if (ret)
		goto err_fw;

	stream->config = config;
	stream->unit->desc->funcs->enable_metric_set(stream, config);
	if (stream->oar) {
		ret = stream_configure_oar(stream, true);
		if (ret) {
			drm_dbg(&oa->drm, "cannot turn OAR on in the context: %d\n",
				ret);
			stream->unit->desc->funcs->disable_metric_set(stream);
			intel_oa_ggtt_clear(oa, stream->buf.ggtt_offset,
					    stream->buf.n_pages);
			intel_oa_buffer_free(stream);
			goto err_fw;
		}
	}

	/* The unit's counters describe its current (or last) stream. */
	intel_oa_stream_stats_reset(&stream->unit->stats);

	/* Publish the initialised stream to the interrupt thread. */
	smp_store_release(&stream->unit->exclusive_stream, stream);
	trace_intel_oa_stream_open(stream, params->format, config->id);
	return 0;

err_fw:
	intel_oa_forcewake_put(oa);
err_ring:
	intel_oa_ring_free(&stream->ring);
err_mutex:
	mutex_destroy(&stream->drain_lock);
	mutex_destroy(&stream->lock);
	return ret;
}

/**
 * intel_oa_stream_install_fd - enable if asked, then give userspace an fd
 * @stream: initialised stream; caller holds @oa->lock
 * @flags: I915_PERF_FLAG_* of the open request
 *
 * On error the stream is destroyed.
 *
 * Return: the new fd or a negative errno.
 */
int intel_oa_stream_install_fd(struct intel_oa_stream *stream, u32 flags)
{
	struct intel_oa_device *oa = stream->oa;
	/* Read-write, like perf_event's: a reader may map the control page. */
	int f_flags = O_RDWR;
	int fd;

	if (flags & I915_PERF_FLAG_FD_CLOEXEC)
		f_flags |= O_CLOEXEC;
	if (flags & I915_PERF_FLAG_FD_NONBLOCK)
		f_flags |= O_NONBLOCK;

	/* Enable before the fd exists, so no close() can race with it. */
	if (!(flags & I915_PERF_FLAG_DISABLED)) {
		mutex_lock(&stream->lock);
		intel_oa_stream_enable_locked(stream);
		mutex_unlock(&stream->lock);
	}

	/* Dropped by release(). */
	drm_dev_get(&oa->drm);

	fd = anon_inode_getfd("[intel_oa_perf]", &intel_oa_stream_fops, stream,
			      f_flags);
	if (fd < 0) {
		intel_oa_stream_destroy_locked(stream);
		drm_dev_put(&oa->drm);
	}

	return fd;
}
