// SPDX-License-Identifier: GPL-2.0
/*
 * The perf stream file: read, poll, ioctl, release.
 */

#include <linux/anon_inodes.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
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
 * INTEL_OA_PERF_IOCTL_SAMPLE (see "doorbells and on-demand samples").
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

static enum hrtimer_restart poll_timer_cb(struct hrtimer *hrtimer)
{
	struct intel_oa_stream *stream =
		container_of(hrtimer, typeof(*stream), poll_timer);

	if (intel_oa_buffer_check(stream, INTEL_OA_DRAIN_TIMER)) {
		WRITE_ONCE(stream->pollin, true);
		wake_up(&stream->poll_wq);
	}
	/* Nothing will ever arrive from a device that left the bus. */
	if (intel_oa_device_gone(stream->oa))
		return HRTIMER_NORESTART;

	hrtimer_forward_now(hrtimer, ns_to_ktime(stream->poll_period_ns));
	return HRTIMER_RESTART;
}

/**
 * intel_oa_stream_enable_locked - start sampling
 * @stream: stream whose hardware is still set up (it is
 *	&intel_oa_device.exclusive_stream); caller holds @stream->lock
 */
void intel_oa_stream_enable_locked(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	lockdep_assert_held(&stream->lock);

	if (stream->enabled)
		return;

	WRITE_ONCE(stream->pollin, false);
	oa->ops->oa_enable(stream);
	WRITE_ONCE(stream->enabled, true);
	if (READ_ONCE(oa_interrupt))
		intel_oa_irq_oa_unmask(oa);
	hrtimer_start(&stream->poll_timer, ns_to_ktime(stream->poll_period_ns),
		      HRTIMER_MODE_REL_PINNED);
	trace_intel_oa_stream_enable(stream);
}

static void intel_oa_stream_disable_locked(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	lockdep_assert_held(&stream->lock);

	if (!stream->enabled)
		return;

	WRITE_ONCE(stream->enabled, false);
	intel_oa_irq_oa_mask(oa);
	hrtimer_cancel(&stream->poll_timer);
	/* No interrupt thread may still look at the buffer. */
	intel_oa_irq_sync(oa);
	oa->ops->oa_disable(stream);
	/* Wake blocked readers: they return -EIO. */
	wake_up_all(&stream->poll_wq);
	trace_intel_oa_stream_disable(stream);
}

/**
 * intel_oa_stream_restart_locked - stop and restart the OA unit
 * @stream: enabled stream; caller holds @stream->lock
 *
 * Used after a buffer overflow: enabling re-initialises the buffer.
 */
void intel_oa_stream_restart_locked(struct intel_oa_stream *stream)
{
	lockdep_assert_held(&stream->lock);

	intel_oa_stream_disable_locked(stream);
	intel_oa_stream_enable_locked(stream);
}

static bool read_ready(struct intel_oa_stream *stream)
{
	return !READ_ONCE(stream->enabled) || intel_oa_buffer_has_data(stream) ||
	       intel_oa_device_gone(stream->oa);
}

/* One locked pass of read(); takes @stream->lock itself. */
static int read_records(struct intel_oa_stream *stream, char __user *buf,
			size_t count, size_t *offset)
{
	int ret;

	size_t before = *offset;

	bool gone = intel_oa_device_gone(stream->oa);

	mutex_lock(&stream->lock);
	if (stream->enabled) {
		/* Expose what landed before the device went, if not yet done. */
		if (gone)
			intel_oa_buffer_check(stream, INTEL_OA_DRAIN_TIMER);
		ret = intel_oa_buffer_read(stream, buf, count, offset);
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
		} while (!offset && !ret);
	} else {
		ret = read_records(stream, buf, count, &offset);
	}

	/*
	 * Back off until the next timer/interrupt check, unless the buffer
	 * was too small and more data is waiting.
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

	return READ_ONCE(stream->pollin) ? EPOLLIN : 0;
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
		oa->ops->enable_metric_set(stream, config);
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

/**
 * intel_oa_stream_hw_fini_locked - stop a stream's use of the hardware
 * @stream: stream; caller holds @stream->oa->lock
 *
 * Stops sampling, unpublishes the stream from the interrupt thread, undoes
 * the metrics set, clears the buffer's GGTT entries, drops the stream's
 * forcewake and frees the OA buffer (a disabled stream never reads it, and
 * no ioctl can re-enable it: see "stream file"). Done once, by whichever
 * comes first of release() and PCI remove (which must do it while BAR0 is
 * still mapped and the device bound); a stream that is no longer
 * &intel_oa_device.exclusive_stream has nothing left to undo.
 */
void intel_oa_stream_hw_fini_locked(struct intel_oa_stream *stream)
{
	struct intel_oa_device *oa = stream->oa;

	lockdep_assert_held(&oa->lock);

	if (oa->exclusive_stream != stream)
		return;

	mutex_lock(&stream->lock);
	intel_oa_stream_disable_locked(stream);
	intel_oa_doorbell_disarm(oa, &stream->db);
	mutex_unlock(&stream->lock);

	/* After this no interrupt thread can find or still use the stream. */
	WRITE_ONCE(oa->exclusive_stream, NULL);
	intel_oa_irq_sync(oa);

	oa->ops->disable_metric_set(stream);
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
	trace_intel_oa_stream_close(stream);

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

static const struct file_operations intel_oa_stream_fops = {
	.owner = THIS_MODULE,
	.llseek = no_llseek,
	.release = intel_oa_stream_release,
	.poll = intel_oa_stream_poll,
	.read = intel_oa_stream_read,
	.unlocked_ioctl = intel_oa_stream_ioctl,
	/*
	 * SAMPLE's struct has the same layout for 32-bit callers and the
	 * others take no pointer.
	 */
	.compat_ioctl = compat_ptr_ioctl,
};

/**
 * intel_oa_stream_init - allocate the buffer and program the metrics set
 * @stream: zeroed stream with @oa set; caller holds @oa->lock
 * @config: metrics set; the stream takes over this reference
 * @format: enum drm_i915_oa_format value, valid for the device
 * @periodic: use the OA timer
 * @exponent: OA timer exponent
 * @poll_period_ns: hrtimer period
 *
 * On error the caller still owns @config.
 *
 * Return: 0 or a negative errno.
 */
int intel_oa_stream_init(struct intel_oa_stream *stream,
			 struct intel_oa_config *config, u32 format,
			 bool periodic, u32 exponent, u64 poll_period_ns)
{
	struct intel_oa_device *oa = stream->oa;
	int ret;

	lockdep_assert_held(&oa->lock);

	mutex_init(&stream->lock);
	init_waitqueue_head(&stream->poll_wq);
	hrtimer_init(&stream->poll_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	stream->poll_timer.function = poll_timer_cb;

	stream->buf.format = &oa->gen->formats[format];
	stream->buf.size = oa->gen->oa_buffer_size;
	stream->sample_size = sizeof(struct drm_i915_perf_record_header) +
			      stream->buf.format->size;
	stream->periodic = periodic;
	stream->period_exponent = periodic ? exponent : 0;
	stream->poll_period_ns = poll_period_ns;
	stream->db.id = -1;

	/* Keeps the render well awake and RC6 off while sampling. */
	ret = intel_oa_forcewake_get(oa);
	if (ret)
		goto err_mutex;

	ret = intel_oa_buffer_alloc(stream);
	if (ret)
		goto err_fw;

	stream->config = config;
	oa->ops->enable_metric_set(stream, config);

	atomic64_set(&oa->stats.stream_interrupts, 0);
	atomic64_set(&oa->stats.irq_drains, 0);
	atomic64_set(&oa->stats.timer_drains, 0);
	atomic64_set(&oa->stats.reports, 0);
	atomic64_set(&oa->stats.report_lost, 0);
	atomic64_set(&oa->stats.buffer_lost, 0);
	atomic64_set(&oa->stats.tail_races, 0);
	atomic64_set(&oa->stats.lost_writes, 0);

	/* Publish the initialised stream to the interrupt thread. */
	smp_store_release(&oa->exclusive_stream, stream);
	trace_intel_oa_stream_open(stream, format, config->id);
	return 0;

err_fw:
	intel_oa_forcewake_put(oa);
err_mutex:
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
	int f_flags = 0;
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
