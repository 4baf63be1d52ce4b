// SPDX-License-Identifier: GPL-2.0
/*
 * The OA buffer: allocation, the tail race check, copying to userspace.
 */

#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_trace.h"

/**
 * DOC: OA buffer
 *
 * The OA unit appends reports to a circular buffer of system pages mapped
 * at a fixed GGTT range (see "GGTT"): 16 MiB on Gen8+ and Haswell, 128 KiB
 * on Sandy Bridge, Ivy Bridge and Valleyview (their largest OA buffer),
 * &intel_oa_gen_desc.oa_buffer_size. The driver keeps two offsets
 * under &intel_oa_buffer.ptr_lock: @head, the next report userspace gets,
 * and @tail, the end of the reports known to have fully landed in memory.
 *
 * Reports that do not divide the buffer. The 192-byte Gen6/7 formats do
 * not divide the buffer size, so report boundaries move on every lap and a
 * report can be split across the end: the OA unit writes it as 64-byte
 * cachelines and wraps to the base between two of them. Nothing here
 * assumes divisibility: offsets advance by the report size modulo the
 * buffer size, the hardware tail is not rounded to a multiple of the
 * report size (only whole reports between the exposed tail and it are
 * taken), and a split report is copied to userspace in two pieces. The
 * first cacheline of a report (RPT_ID and TIMESTAMP) is never split.
 *
 * Tail race. The hardware tail pointer (OATAILPTR) can move before the
 * report bytes behind it are visible to the CPU. Like i915, the driver
 * relies on every report carrying a non-zero RPT_ID or TIMESTAMP and
 * on the buffer being zeroed: intel_oa_buffer_check() walks back from the
 * newest whole report below the hardware tail towards @tail, one report
 * at a time, and stops at the first (newest) report whose RPT_ID or
 * TIMESTAMP (low) dword is not zero, i.e. that has landed. Those are DW0
 * and DW1 with the 32-bit header and DW0 and DW2 with the 64-bit header
 * of Gen12.5's select 1 (DW1 is RPT_ID's high half, usually 0),
 * &intel_oa_format.header64. Every report has at least one reason bit
 * (timer, context switch or both) in RPT_ID, whatever its context-valid
 * bit and CTX_ID (Gen6/7 timer reports carry bit 19 and no CTX_ID), so a
 * landed report never looks unlanded; the check needs no per-generation
 * knowledge of those fields. Everything up to and including that report
 * is exposed; the reports after it are picked up by a later check once
 * they land. read() zeroes those two dwords of each report it consumes,
 * so the next lap of the buffer sees zeroes again. A report is therefore
 * exposed exactly once and never before it landed.
 *
 * Lost writes. The OA unit writes reports in order, so an exposed report
 * that still reads zero lies before one that landed: its write was lost
 * on the bus and never will land. read() skips it and emits a
 * DRM_I915_PERF_RECORD_OA_REPORT_LOST record in its place (debugfs
 * lost_writes counts them): a lost write costs that one report, where a
 * walk forward from @tail would stop at it and stall the stream until the
 * buffer overflowed. i915 skips such a report silently.
 *
 * Draining. The check runs from the OA half-full interrupt thread (the
 * primary path, see "interrupts") and from the stream's hrtimer every
 * POLL_OA_PERIOD (default 5 ms), which bounds latency and covers a missed
 * interrupt. Either wakes readers and pollers when data is exposed. The
 * check also notes pending report-lost/overflow status so a blocked reader
 * wakes up to report it.
 *
 * Status. read() first handles OA status like i915's gen8_oa_read() and
 * gen7_oa_read(): a buffer overflow yields a
 * DRM_I915_PERF_RECORD_OA_BUFFER_LOST record and restarts the OA unit
 * (which resets the buffer); report-lost yields a
 * DRM_I915_PERF_RECORD_OA_REPORT_LOST record and clears the bit (on
 * Gen6/7, where the bit cannot be cleared while running, the ops latch it
 * until the next restart).
 */

#define INVALID_CTX_ID		0xffffffff

/* The OA unit writes reports, and moves its pointers, in cachelines. */
#define OA_CACHELINE		64

/* Dword index of TIME_STAMP (its low half) and of CTX_ID in a report. */
static unsigned int report_ts_dw(const struct intel_oa_format *f)
{
	return f->header64 ? 2 : 1;
}

static unsigned int report_ctx_dw(const struct intel_oa_format *f)
{
	return f->header64 ? 4 : 2;
}

/* Bytes between two offsets of the circular buffer. */
static u32 oa_taken(const struct intel_oa_buffer *buf, u32 tail, u32 head)
{
	return (tail - head) & (buf->size - 1);
}

/* The offset one report after @offset. */
static u32 oa_next(const struct intel_oa_buffer *buf, u32 offset)
{
	return (offset + buf->format->size) & (buf->size - 1);
}

/**
 * intel_oa_buffer_alloc - allocate and GGTT-map the OA buffer of a stream
 * @stream: stream whose @buf.format and @buf.size are set
 *
 * Return: 0 or a negative errno; on error nothing is left allocated.
 */
int intel_oa_buffer_alloc(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	struct device *dev = &stream->oa->pdev->dev;
	unsigned int n = buf->size >> PAGE_SHIFT;
	unsigned int i;
	int ret = -ENOMEM;

	spin_lock_init(&buf->ptr_lock);

	buf->pages = kvcalloc(n, sizeof(*buf->pages), GFP_KERNEL);
	buf->dma = kvcalloc(n, sizeof(*buf->dma), GFP_KERNEL);
	if (!buf->pages || !buf->dma)
		goto err_arrays;

	for (i = 0; i < n; i++) {
		buf->pages[i] = alloc_page(GFP_KERNEL | __GFP_ZERO);
		if (!buf->pages[i]) {
			ret = -ENOMEM;
			goto err_pages;
		}
		buf->dma[i] = dma_map_page(dev, buf->pages[i], 0, PAGE_SIZE,
					   DMA_BIDIRECTIONAL);
		if (dma_mapping_error(dev, buf->dma[i])) {
			__free_page(buf->pages[i]);
			ret = -ENOMEM;
			goto err_pages;
		}
	}

	buf->vaddr = vmap(buf->pages, n, VM_MAP, PAGE_KERNEL);
	if (!buf->vaddr) {
		ret = -ENOMEM;
		goto err_pages;
	}

	buf->n_pages = n;
	buf->ggtt_offset = OA_BUFFER_GGTT_OFFSET;
	intel_oa_ggtt_insert(stream->oa, buf->ggtt_offset, buf->dma, n);
	return 0;

err_pages:
	while (i--) {
		dma_unmap_page(dev, buf->dma[i], PAGE_SIZE, DMA_BIDIRECTIONAL);
		__free_page(buf->pages[i]);
	}
err_arrays:
	kvfree(buf->dma);
	kvfree(buf->pages);
	buf->dma = NULL;
	buf->pages = NULL;
	drm_err_ratelimited(&stream->oa->drm,
			    "cannot allocate the %u KiB OA buffer (%d); free memory and retry\n",
			    buf->size / SZ_1K, ret);
	return ret;
}

/**
 * intel_oa_buffer_free - DMA-unmap and free the OA buffer's pages
 * @stream: stream with an allocated buffer whose GGTT entries were already
 *	cleared (intel_oa_stream_hw_fini_locked()), so the OA unit cannot
 *	write to it
 */
void intel_oa_buffer_free(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	struct device *dev = &stream->oa->pdev->dev;
	unsigned int i;

	vunmap(buf->vaddr);
	for (i = 0; i < buf->n_pages; i++) {
		dma_unmap_page(dev, buf->dma[i], PAGE_SIZE, DMA_BIDIRECTIONAL);
		__free_page(buf->pages[i]);
	}
	kvfree(buf->dma);
	kvfree(buf->pages);
	buf->vaddr = NULL;
	buf->pages = NULL;
	buf->dma = NULL;
	buf->n_pages = 0;
}

/**
 * intel_oa_buffer_reset - forget all reports and zero the buffer
 * @stream: stream whose OA unit is stopped
 */
void intel_oa_buffer_reset(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;

	spin_lock_irqsave(&buf->ptr_lock, flags);
	buf->head = 0;
	buf->tail = 0;
	buf->status_pending = false;
	buf->latched_status = 0;
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	memset(buf->vaddr, 0, buf->size);
}

/**
 * intel_oa_buffer_check - expose reports that have landed
 * @stream: an enabled stream
 * @source: caller, for statistics and tracing
 *
 * Reads the hardware tail and advances the exposed tail over every report
 * that has landed (see "OA buffer").
 *
 * Return: true if there is something for read() to do.
 */
bool intel_oa_buffer_check(struct intel_oa_stream *stream,
			   enum intel_oa_drain_source source)
{
	struct intel_oa_device *oa = stream->oa;
	struct intel_oa_buffer *buf = &stream->buf;
	u32 report_size = buf->format->size;
	unsigned int ts_dw = report_ts_dw(buf->format);
	u32 hw_tail, tail, head, avail, n;
	unsigned long flags;
	bool raced, ready;

	spin_lock_irqsave(&buf->ptr_lock, flags);

	hw_tail = oa->ops->read_tail(stream) - buf->ggtt_offset;
	if (unlikely(intel_oa_device_gone(oa))) {
		/*
		 * The device left the bus: nothing is in flight any more, so
		 * every report after @tail whose header is not zero landed
		 * before it went. Expose those (never reaching @head) so no
		 * report that made it to memory is lost, and wake readers to
		 * read them and then learn that the stream ended.
		 */
		for (tail = buf->tail;
		     buf->size - oa_taken(buf, tail, buf->head) > report_size;
		     tail = oa_next(buf, tail)) {
			const u32 *report32 = (const u32 *)(buf->vaddr + tail);

			if (!READ_ONCE(report32[0]) && !READ_ONCE(report32[ts_dw]))
				break;
		}
		buf->tail = tail;
		spin_unlock_irqrestore(&buf->ptr_lock, flags);
		return true;
	}
	if (unlikely(hw_tail >= buf->size)) {
		spin_unlock_irqrestore(&buf->ptr_lock, flags);
		drm_err_ratelimited(&oa->drm,
				    "OA tail pointer 0x%x is outside the OA buffer\n",
				    hw_tail + buf->ggtt_offset);
		return false;
	}
	/*
	 * The tail moves in 64 byte steps and may stop inside a report that
	 * is still being written; only whole reports from our tail count,
	 * so it needs no rounding (which would also be wrong for reports
	 * that do not divide the buffer). Report bytes are read after the
	 * tail register.
	 */
	dma_rmb();

	/*
	 * Walk back from the newest whole report the hardware tail covers to
	 * the newest one that has landed, like i915 and xe: the OA unit
	 * writes reports in order, so everything before a landed report was
	 * either written or lost on the way and never will land. Stopping
	 * at the first unlanded report from the front instead would stall
	 * the stream on a single lost write until the buffer overflowed.
	 */
	tail = buf->tail;
	avail = oa_taken(buf, hw_tail, tail) / report_size;
	for (n = avail; n; n--) {
		u32 at = (tail + (n - 1) * report_size) & (buf->size - 1);
		const u32 *report32 = (const u32 *)(buf->vaddr + at);

		if (READ_ONCE(report32[0]) || READ_ONCE(report32[ts_dw]))
			break;
	}
	raced = n < avail;
	tail = (tail + n * report_size) & (buf->size - 1);
	buf->tail = tail;
	head = buf->head;

	if (oa->ops->read_status(stream))
		buf->status_pending = true;
	ready = oa_taken(buf, tail, head) >= report_size ||
		buf->status_pending;

	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	if (raced)
		atomic64_inc(&oa->stats.tail_races);
	if (n) {
		atomic64_inc(source == INTEL_OA_DRAIN_IRQ ?
			     &oa->stats.irq_drains : &oa->stats.timer_drains);
		trace_intel_oa_drain(source, n, n * report_size, head, tail);
	}

	return ready;
}

/**
 * intel_oa_buffer_has_data - is there anything for read() to return?
 * @stream: stream
 *
 * Looks only at what the last check exposed; never touches hardware.
 *
 * Return: true if reports or status records are pending.
 */
bool intel_oa_buffer_has_data(struct intel_oa_stream *stream)
{
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;
	bool ready;

	spin_lock_irqsave(&buf->ptr_lock, flags);
	ready = oa_taken(buf, buf->tail, buf->head) >= buf->format->size ||
		buf->status_pending;
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	return ready;
}

/**
 * intel_oa_buffer_exposes - will read() return the report at @offset?
 * @stream: stream
 * @offset: buffer offset of a report
 *
 * Return: true if the report lies between the head and the exposed tail.
 */
bool intel_oa_buffer_exposes(struct intel_oa_stream *stream, u32 offset)
{
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;
	bool ret;

	spin_lock_irqsave(&buf->ptr_lock, flags);
	ret = oa_taken(buf, offset, buf->head) <
	      oa_taken(buf, buf->tail, buf->head);
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	return ret;
}

/**
 * intel_oa_buffer_report_ctx_id - CTX_ID of an exposed, unread report
 * @stream: stream
 * @offset: buffer offset of the report
 *
 * Return: the CTX_ID field.
 */
u32 intel_oa_buffer_report_ctx_id(struct intel_oa_stream *stream, u32 offset)
{
	const struct intel_oa_buffer *buf = &stream->buf;
	const u32 *report32 = (const u32 *)(buf->vaddr + offset);

	/* The first cacheline of a report is never split. */
	return READ_ONCE(report32[report_ctx_dw(buf->format)]);
}

/**
 * intel_oa_buffer_report_timestamp - TIME_STAMP of an exposed report
 * @stream: stream
 * @offset: buffer offset of the report
 *
 * Return: 56 bits with the 64-bit header, else 32.
 */
u64 intel_oa_buffer_report_timestamp(struct intel_oa_stream *stream,
				     u32 offset)
{
	const struct intel_oa_buffer *buf = &stream->buf;
	const u32 *report32 = (const u32 *)(buf->vaddr + offset);
	unsigned int dw = report_ts_dw(buf->format);
	u64 ts = READ_ONCE(report32[dw]);

	if (buf->format->header64)
		ts |= (u64)READ_ONCE(report32[dw + 1]) << 32;
	return ts;
}

static int append_status(char __user *ubuf, size_t count, size_t *offset,
			 enum drm_i915_perf_record_type type)
{
	struct drm_i915_perf_record_header header = {
		.type = type,
		.pad = 0,
		.size = sizeof(header),
	};

	if (count - *offset < header.size)
		return -ENOSPC;

	if (copy_to_user(ubuf + *offset, &header, sizeof(header)))
		return -EFAULT;

	*offset += header.size;
	return 0;
}

/* Copy the report at buffer offset @head, in two pieces if it wraps. */
static int append_sample(struct intel_oa_stream *stream, char __user *ubuf,
			 size_t count, size_t *offset, u32 head)
{
	const struct intel_oa_buffer *buf = &stream->buf;
	struct drm_i915_perf_record_header header = {
		.type = DRM_I915_PERF_RECORD_SAMPLE,
		.pad = 0,
		.size = stream->sample_size,
	};
	u32 report_size = buf->format->size;
	u32 first = min(report_size, buf->size - head);

	if (count - *offset < header.size)
		return -ENOSPC;

	ubuf += *offset;
	if (copy_to_user(ubuf, &header, sizeof(header)))
		return -EFAULT;
	ubuf += sizeof(header);
	if (copy_to_user(ubuf, buf->vaddr + head, first))
		return -EFAULT;
	if (first < report_size &&
	    copy_to_user(ubuf + first, buf->vaddr, report_size - first))
		return -EFAULT;

	*offset += header.size;
	return 0;
}

static int append_reports(struct intel_oa_stream *stream, char __user *ubuf,
			  size_t count, size_t *offset)
{
	struct intel_oa_device *oa = stream->oa;
	struct intel_oa_buffer *buf = &stream->buf;
	u32 report_size = buf->format->size;
	u32 valid_ctx_bit = oa->gen->valid_ctx_bit;
	bool squash = oa->gen->quirks & INTEL_OA_QUIRK_SQUASH_INVALID_CTX_ID;
	unsigned int ts_dw = report_ts_dw(buf->format);
	unsigned int ctx_dw = report_ctx_dw(buf->format);
	unsigned long flags;
	u32 head, tail, n = 0, lost = 0;
	int ret = 0;

	spin_lock_irqsave(&buf->ptr_lock, flags);
	head = buf->head;
	tail = buf->tail;
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	/*
	 * Both pointers sit on report boundaries of the current lap, which
	 * are cachelines; whole reports lie between them.
	 */
	if (drm_WARN_ONCE(&oa->drm,
			  head >= buf->size || head % OA_CACHELINE ||
			  tail >= buf->size || tail % OA_CACHELINE ||
			  oa_taken(buf, tail, head) % report_size,
			  "inconsistent OA buffer pointers: head 0x%x tail 0x%x\n",
			  head, tail))
		return -EIO;

	for (; oa_taken(buf, tail, head); head = oa_next(buf, head)) {
		/* The first cacheline of a report is never split. */
		u32 *report32 = (u32 *)(buf->vaddr + head);

		/*
		 * A report that never landed although a later one did: its
		 * write was lost. It costs that report only: userspace gets
		 * a REPORT_LOST record in its place, and the walk goes on.
		 */
		if (!READ_ONCE(report32[0]) && !READ_ONCE(report32[ts_dw])) {
			ret = append_status(ubuf, count, offset,
					    DRM_I915_PERF_RECORD_OA_REPORT_LOST);
			if (ret)
				break;
			atomic64_inc(&oa->stats.lost_writes);
			trace_intel_oa_report_lost(0);
			lost++;
			continue;
		}

		/*
		 * Like i915 on Gen8..11: a CTX_ID not marked valid is
		 * squashed to INVALID_CTX_ID; the valid bit stays clear so
		 * userspace can tell. Gen12 passes CTX_ID through.
		 */
		if (squash && !(report32[0] & valid_ctx_bit))
			report32[ctx_dw] = INVALID_CTX_ID;

		ret = append_sample(stream, ubuf, count, offset, head);
		if (ret)
			break;

		/* Zero RPT_ID and TIMESTAMP to detect unlanded reports. */
		report32[0] = 0;
		report32[ts_dw] = 0;
		n++;
	}

	if (n || lost) {
		spin_lock_irqsave(&buf->ptr_lock, flags);
		oa->ops->write_head(stream, head + buf->ggtt_offset);
		buf->head = head;
		spin_unlock_irqrestore(&buf->ptr_lock, flags);

		atomic64_add(n, &oa->stats.reports);
		trace_intel_oa_drain(INTEL_OA_DRAIN_READ, n, n * report_size,
				     head, tail);
	}

	return ret;
}

/**
 * intel_oa_buffer_read - copy status records, then reports, to userspace
 * @stream: an enabled stream; caller holds @stream->lock
 * @ubuf: userspace buffer
 * @count: size of @ubuf
 * @offset: in/out: bytes of @ubuf already filled
 *
 * Some records may have been copied even when an error is returned; the
 * caller returns the byte count in that case, like i915.
 *
 * Return: 0 or a negative errno (-ENOSPC, -EFAULT, -EIO).
 */
int intel_oa_buffer_read(struct intel_oa_stream *stream, char __user *ubuf,
			 size_t count, size_t *offset)
{
	struct intel_oa_device *oa = stream->oa;
	struct intel_oa_buffer *buf = &stream->buf;
	unsigned long flags;
	u32 status;
	int ret;

	lockdep_assert_held(&stream->lock);

	status = oa->ops->read_status(stream);
	/*
	 * A gone device has no status (this read may be what found it gone):
	 * only what already landed is left.
	 */
	if (intel_oa_device_gone(oa))
		status = 0;

	/*
	 * An overflow means the unit may have overwritten unread reports;
	 * report it and restart the unit, which resets the buffer.
	 */
	if (status & INTEL_OA_STATUS_BUFFER_OVERFLOW) {
		ret = append_status(ubuf, count, offset,
				    DRM_I915_PERF_RECORD_OA_BUFFER_LOST);
		if (ret)
			return ret;

		atomic64_inc(&oa->stats.buffer_lost);
		trace_intel_oa_buffer_lost(status);
		drm_dbg(&oa->drm, "OA buffer overflow (exponent %u): restart\n",
			stream->period_exponent);

		intel_oa_stream_restart_locked(stream);
		status = oa->ops->read_status(stream);
	}

	if (status & INTEL_OA_STATUS_REPORT_LOST) {
		ret = append_status(ubuf, count, offset,
				    DRM_I915_PERF_RECORD_OA_REPORT_LOST);
		if (ret)
			return ret;

		atomic64_inc(&oa->stats.report_lost);
		trace_intel_oa_report_lost(status);
		oa->ops->clear_report_lost(stream);
	}

	spin_lock_irqsave(&buf->ptr_lock, flags);
	buf->status_pending = false;
	spin_unlock_irqrestore(&buf->ptr_lock, flags);

	return append_reports(stream, ubuf, count, offset);
}
